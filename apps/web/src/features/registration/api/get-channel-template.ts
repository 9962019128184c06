import { channelTemplate, ERROR_CODES, type ChannelTemplate } from '@kilat/contract'
import { isApiError, type ApiClient } from '../../../shared/api'

export type { ChannelTemplate }

export type TemplateResult = { template: ChannelTemplate } | { missing: true } | { failed: true }

/** The landing page's template by the address's `id` (docs/product/registration.md#channel-templates). */
export async function getChannelTemplate(api: ApiClient, id: string | null): Promise<TemplateResult> {
  const templateId = Number(id)
  if (!id || !Number.isInteger(templateId) || templateId <= 0 || templateId > 2_147_483_647) return { missing: true }
  try {
    return { template: await api.callApi(channelTemplate, { query: { templateId } }, { toast: false }) }
  } catch (error) {
    if (isApiError(error) && String(error.code) === String(ERROR_CODES.templateNotFound)) return { missing: true }
    return { failed: true }
  }
}
