/** The shared previews' API as the app calls it (types in studio/shared-previews-api.ts). */
import type {
  SharedLinkInfo,
  SharedPreviewsAnswer,
  ShareAnswer,
  ShareRequest,
} from '../../../shared-previews-api.ts';
import { call } from '../../shared/api-client.ts';

export const previewsApi = {
  list: (file?: string) =>
    call<SharedPreviewsAnswer>('GET', `/api/previas${file ? `?file=${encodeURIComponent(file)}` : ''}`),
  share: (request: ShareRequest) => call<ShareAnswer>('POST', '/api/previas', request),
  revoke: (id: string) => call<{ link: SharedLinkInfo }>('POST', '/api/previas/revogar', { id }),
};
