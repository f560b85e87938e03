/**
 * The Google Analytics connection's settings (decision 0036): the GA4 property id and a
 * service-account key, in <dataDir>/google-analytics.json (mode 0600, never in the repository,
 * never sent to the browser: answers carry only who the key is). Everything that arrives is
 * checked as hostile: sizes, shapes, and the private key parsed before it is kept.
 */
import { createPrivateKey } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Ga4Settings } from '../../api.ts';
import { HttpError } from '../http.ts';
import { isErrno, serialised, writeDurable } from '../page-files.ts';

export const SETTINGS_FILE = 'google-analytics.json';
/** A real key file is about 2.3 KB. */
export const MAX_KEY_CHARS = 16 * 1024;
const MAX_SETTINGS_BYTES = 64 * 1024;

/** The fields of a service-account key the client needs, and nothing else (no token_uri, no universe). */
export interface ServiceAccountKey {
  type: 'service_account';
  project_id?: string;
  private_key_id?: string;
  private_key: string;
  client_email: string;
}

export interface StoredSettings {
  version: 1;
  propertyId: string;
  key: ServiceAccountKey;
  updatedAt: string;
}

export const settingsPath = (dataDir: string) => path.join(dataDir, SETTINGS_FILE);

/** What the browser may know: never the key. */
export function publicSettings(stored: StoredSettings | null): Ga4Settings {
  return stored
    ? {
        connected: true,
        propertyId: stored.propertyId,
        clientEmail: stored.key.client_email,
        updatedAt: stored.updatedAt,
      }
    : { connected: false, propertyId: null, clientEmail: null, updatedAt: null };
}

const PROPERTY_HINT =
  'O ID da propriedade fica no Google Analytics em Administrador → Detalhes da propriedade, no alto à direita: só números, por exemplo 123456789.';

/** "123", " properties/123 " → "123"; anything else refused in words. */
export function checkPropertyId(value: unknown): string {
  if (typeof value !== 'string' || value.length > 100) {
    throw new HttpError(400, 'Informe o ID da propriedade do Google Analytics (só números).', {
      hint: PROPERTY_HINT,
    });
  }
  const text = value.trim();
  const match = /^(?:properties\/)?(\d{1,20})$/.exec(text);
  if (match) return match[1]!.replace(/^0+(?=\d)/, '');
  if (/^G-/i.test(text)) {
    throw new HttpError(
      400,
      `"${text.slice(0, 20)}" é o ID de medição de um fluxo de dados, não o ID da propriedade.`,
      { hint: PROPERTY_HINT },
    );
  }
  if (/^UA-/i.test(text)) {
    throw new HttpError(
      400,
      'IDs "UA-…" são do Universal Analytics, que o Google desligou: use a propriedade GA4.',
      { hint: PROPERTY_HINT },
    );
  }
  throw new HttpError(400, 'O ID da propriedade precisa ser só números (por exemplo 123456789).', {
    hint: PROPERTY_HINT,
  });
}

const KEY_HINT =
  'No Google Cloud Console: IAM e administrador → Contas de serviço → a conta → Chaves → Adicionar chave → Criar nova chave → JSON. Envie o arquivo .json baixado (guia, seção 8).';

function refuseKey(message: string): never {
  throw new HttpError(400, message, { hint: KEY_HINT });
}

const field = (record: Record<string, unknown>, name: string, pattern: RegExp, max: number) => {
  const value = record[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > max || !pattern.test(value))
    refuseKey(`O campo "${name}" da chave não tem o formato de uma chave de conta de serviço do Google.`);
  return value;
};

/** A service-account key file's text → the fields kept, or a refusal saying what the file is instead. */
export function checkKey(text: unknown): ServiceAccountKey {
  if (typeof text !== 'string' || text.trim() === '') refuseKey('Envie o arquivo da chave (JSON).');
  if (text.length > MAX_KEY_CHARS) {
    throw new HttpError(
      413,
      `O arquivo tem ${Math.ceil(text.length / 1024)} KB; a chave de uma conta de serviço tem uns 2 KB.`,
      { hint: KEY_HINT },
    );
  }
  const trimmed = text.trim();
  if (/^AIza[\w-]{30,}$/.test(trimmed)) {
    refuseKey(
      'Isto é uma chave de API, que não dá acesso aos dados do Google Analytics: é preciso a chave (JSON) de uma conta de serviço.',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    refuseKey('O arquivo não é um JSON: envie o arquivo .json da chave, sem mudar nada nele.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    refuseKey('O arquivo não é a chave de uma conta de serviço (esperado um objeto JSON).');
  const record = parsed as Record<string, unknown>;
  if ('installed' in record || 'web' in record) {
    refuseKey(
      'Este é o arquivo de um cliente OAuth (para login de pessoas), não a chave de uma conta de serviço.',
    );
  }
  if (record.type === 'authorized_user') {
    refuseKey('Estas são credenciais de uma pessoa (gcloud), não a chave de uma conta de serviço.');
  }
  if (record.type === 'external_account' || record.type === 'impersonated_service_account') {
    refuseKey(
      'Esta credencial depende de outra conta (federação ou representação): envie a chave de uma conta de serviço.',
    );
  }
  if (record.type !== 'service_account')
    refuseKey('O arquivo não é a chave de uma conta de serviço ("type": "service_account").');
  const email = field(record, 'client_email', /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,190}$/, 254);
  if (email === undefined) refuseKey('Falta o campo "client_email" na chave.');
  const privateKey = field(record, 'private_key', /^-----BEGIN PRIVATE KEY-----[\sA-Za-z0-9+/=-]+$/, 8192);
  if (privateKey === undefined) refuseKey('Falta o campo "private_key" na chave.');
  try {
    const parsedKey = createPrivateKey(privateKey);
    if (parsedKey.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
  } catch {
    refuseKey(
      'A chave privada do arquivo não pode ser lida: baixe a chave de novo e envie o arquivo sem mudar nada.',
    );
  }
  const keyId = field(record, 'private_key_id', /^[A-Za-z0-9_-]{1,100}$/, 100);
  const projectId = field(record, 'project_id', /^[a-z0-9][a-z0-9.:-]{0,99}$/, 100);
  return {
    type: 'service_account',
    ...(projectId === undefined ? {} : { project_id: projectId }),
    ...(keyId === undefined ? {} : { private_key_id: keyId }),
    private_key: privateKey,
    client_email: email,
  };
}

/** The stored settings, or null (none, or a file that is not ours: then as if not connected). */
export async function readSettings(dataDir: string): Promise<StoredSettings | null> {
  let text: string;
  try {
    const handle = await open(settingsPath(dataDir), 'r');
    try {
      const { size } = await handle.stat();
      if (size > MAX_SETTINGS_BYTES) return null;
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return null;
    throw error;
  }
  try {
    const data = JSON.parse(text) as Partial<StoredSettings>;
    if (data.version !== 1 || typeof data.updatedAt !== 'string') return null;
    return {
      version: 1,
      propertyId: checkPropertyId(data.propertyId),
      key: checkKey(JSON.stringify(data.key)),
      updatedAt: data.updatedAt,
    };
  } catch {
    return null;
  }
}

/** Saves the property id and the key (or keeps the stored key), atomically, mode 0600. */
export function saveSettings(
  dataDir: string,
  propertyId: string,
  key: ServiceAccountKey | undefined,
  now = new Date(),
): Promise<StoredSettings> {
  const file = settingsPath(dataDir);
  return serialised(file, async () => {
    const stored = key ?? (await readSettings(dataDir))?.key;
    if (!stored) {
      throw new HttpError(400, 'Envie também a chave da conta de serviço (arquivo JSON).', {
        hint: KEY_HINT,
      });
    }
    const settings: StoredSettings = { version: 1, propertyId, key: stored, updatedAt: now.toISOString() };
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await writeDurable(file, Buffer.from(`${JSON.stringify(settings, null, 2)}\n`), 0o600);
    return settings;
  });
}

export function removeSettings(dataDir: string): Promise<void> {
  const file = settingsPath(dataDir);
  return serialised(file, () => rm(file, { force: true }));
}
