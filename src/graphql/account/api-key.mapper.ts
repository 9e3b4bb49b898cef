import type { ApiKeyView } from '../../services/accounts/api-key-view';
import type { ApiKeyType } from './api-key.types';

export function toApiKey(k: ApiKeyView): ApiKeyType {
  return { ...k, scopes: [...k.scopes] };
}
