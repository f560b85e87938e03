/**
 * The audit log: one JSON line per publish, restore, upload, login (success and failure) and
 * Google Analytics connection set or removed,
 * with who and when. Git history is the record of content; this is the record of acts.
 * Appends are serialised, and each line is written whole in one call (O_APPEND), so two
 * requests never interleave half-lines.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

export type AuditAction =
  | 'entrar'
  | 'entrar-recusado'
  | 'bloqueio'
  | 'desaceleracao'
  | 'sair'
  | 'publicar'
  | 'publicar-recusado'
  | 'restaurar'
  | 'restaurar-recusado'
  | 'concluir'
  | 'concluir-recusado'
  | 'agendar'
  | 'agendar-recusado'
  | 'enviar-imagem'
  | 'enviar-imagem-recusado'
  | 'conectar-analytics'
  | 'desconectar-analytics'
  | 'compartilhar-previa'
  | 'revogar-previa'
  | 'comentar-previa'
  | 'pedir-publicacao'
  | 'aprovar-pedido'
  | 'devolver-pedido'
  | 'aprovacao-obrigatoria'
  | 'mudar-papel'
  | 'papel-recusado';

export interface AuditEntry {
  /** ISO 8601, UTC. */
  at: string;
  action: AuditAction;
  /** The person's e-mail (or the name typed at a failed login). */
  who: string;
  /** What was acted on, the commit, the reason of a refusal, the client's address… */
  details?: Record<string, unknown>;
}

export interface AuditLog {
  /** The file written to. */
  file: string;
  record(action: AuditAction, who: string, details?: Record<string, unknown>): Promise<void>;
}

export function createAuditLog(file: string): AuditLog {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    file,
    record(action, who, details) {
      const entry: AuditEntry = {
        at: new Date().toISOString(),
        action,
        who,
        ...(details ? { details } : {}),
      };
      const line = `${JSON.stringify(entry)}\n`;
      const write = queue.then(async () => {
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        await appendFile(file, line, { mode: 0o600 });
      });
      // A failed write is reported to its caller, and the next one still runs.
      queue = write.catch(() => {});
      return write;
    },
  };
}
