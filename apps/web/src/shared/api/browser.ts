import { pageText } from '../i18n'
import { showLoading, showToast } from '../ui/toast'
import { createApiClient, type ApiClient, type CallApi } from './client'
import { getSharedParams } from './shared-params'
import { fetchTransport } from './transport'

let client: ApiClient | undefined

/** The browser's client: `fetch`, the captured shared parameters, toasts for loading and failures. */
export function browserApi(): ApiClient {
  client ??= createApiClient({
    transport: fetchTransport(),
    sharedParams: getSharedParams,
    notifier: { loading: showLoading, error: (message) => showToast(message) },
    networkErrorMessage: () => pageText('common:errors.network'),
  })
  return client
}

/** Calls the API from the browser (event handlers outside React); inside components prefer `useApi()`. */
export const callApi: CallApi = (call, input, options) => browserApi().callApi(call, input, options)
