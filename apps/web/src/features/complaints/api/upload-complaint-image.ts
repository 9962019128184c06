import { uploadProblemImg } from '@kilat/contract'
import type { ApiClient } from '../../../shared/api'

/** docs/product/complaints.md#photos: one photo in the multipart field `problemImage`; the answer is where its owner reads it. */
export async function uploadComplaintImage(api: ApiClient, file: File, loading: string): Promise<string> {
  const body = new FormData()
  body.append('problemImage', file, file.name)
  const { url } = await api.callApi(uploadProblemImg, { body }, { loading })
  return url
}
