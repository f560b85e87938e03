/**
 * Configurações do site: a form of pages/_site.yaml's settings (brand, phone, e-mail, chat
 * messages, legal name, tax id, city, origin, analytics id), labelled with the schema's
 * Portuguese descriptions. Each field edits its node only (site-edits.ts); the loader checks the
 * draft as the build would and each problem shows at its field; Salvar, then Publicar, as a page.
 * Below it, the Google Analytics connection (ga4-settings.tsx), kept by the server
 * outside the repository: it is saved on its own, never published.
 */
import { useState } from 'react';
import { css } from '@emotion/react';
import siteSchema from '../../../../schema/site.schema.json';
import { colors, fonts, radii, shadows } from '../../../../design/theme.ts';
import { Ga4Settings } from './ga4-settings.tsx';
import { ApprovalSetting } from '../pedidos/index.ts';
import { readSetting, setSetting } from '../../shared/site-edits.ts';
import { problemsByPath, useSiteDraft } from '../../shared/use-site.ts';
import { PlaceholderWarning, PublishDialog } from '../publicar/index.ts';
import { Button, Message } from '../../shared/ui.tsx';
import { useCan } from '../../shared/role.ts';
import { offsetOf, pathAt } from '../../../yaml-paths.ts';
import { ScreenHeader } from '../../shared/screen-header.tsx';
import { publishVerb, usePublishAsks } from '../../shared/publish-words.ts';

interface FieldSchema {
  description?: string;
  pattern?: string;
  properties?: Record<string, FieldSchema>;
}

const properties = (siteSchema as unknown as { properties: Record<string, FieldSchema> }).properties;

/** The settings in the order a person fills them, with short Portuguese labels. */
const FIELDS: { path: string[]; label: string; long?: boolean; optional?: boolean; type?: string }[] = [
  { path: ['brand'], label: 'Marca' },
  { path: ['phone'], label: 'WhatsApp (só dígitos)', type: 'tel' },
  { path: ['phoneDisplay'], label: 'Telefone como o visitante lê' },
  { path: ['email'], label: 'E-mail de contato', type: 'email' },
  { path: ['messages', 'recarga'], label: 'Mensagem pronta: agendar recarga', long: true },
  { path: ['messages', 'duvidas'], label: 'Mensagem pronta: tirar dúvidas', long: true },
  { path: ['legalName'], label: 'Razão social' },
  { path: ['taxId'], label: 'CNPJ' },
  { path: ['city'], label: 'Cidade' },
  { path: ['origin'], label: 'Endereço do site', type: 'url' },
  { path: ['analyticsId'], label: 'ID do Google Analytics ou Tag Manager', optional: true },
];

function describe(path: string[]): string {
  let schema: FieldSchema | undefined = { properties };
  for (const key of path) schema = schema?.properties?.[key];
  return schema?.description ?? '';
}

const screenCss = css`
  max-width: 860px;
  margin: 0 auto;
  padding: 24px 16px 48px;
  h1 {
    font-size: 1.6rem;
  }
  form {
    background: ${colors.white};
    border-radius: ${radii.md};
    box-shadow: ${shadows.card};
    padding: 20px;
  }
  .field {
    display: grid;
    gap: 4px;
    margin-bottom: 18px;
  }
  label {
    font: 600 14px/1.4 ${fonts.display};
    color: ${colors.navy};
  }
  /* Aprovação's label is a sentence and its note, as in Pedidos, not a field's name. */
  [data-approval-setting] label {
    font: inherit;
    color: inherit;
  }
  /* Not the checkbox of Aprovação (pedidos' ApprovalSetting, shown here too): 100% wide, it once
     left its words no room (one letter a line, 3,684 px high) and was 18 px high at 311 px wide. */
  input:not([type='checkbox']),
  textarea {
    font: inherit;
    padding: 8px 10px;
    border: 1px solid ${colors.disabled};
    border-radius: ${radii.sm};
    width: 100%;
  }
  input[aria-invalid='true'],
  textarea[aria-invalid='true'] {
    border-color: ${colors.orange};
    border-width: 2px;
  }
  small {
    color: ${colors.muted};
  }
  .problem {
    color: ${colors.orangeHover};
    font-weight: 600;
    margin: 0;
  }
  .provisorio {
    justify-self: start;
    padding: 1px 10px;
    border-radius: ${radii.pill};
    font: 600 12px/1.6 ${fonts.display};
    background: ${colors.orangeLight};
    color: ${colors.orangeHover};
  }
  .bar {
    position: sticky;
    bottom: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    justify-content: flex-end;
    padding: 12px 0 0;
    background: ${colors.white};
  }
`;

export function SiteSettingsScreen() {
  const site = useSiteDraft();
  const [publishing, setPublishing] = useState(false);
  const asks = usePublishAsks();
  const [saved, setSaved] = useState(false);
  // Roles (decision 0048): the Configurações and Google Analytics are the Administrador's.
  const canSettings = useCan('settings') !== false;
  const canGa4 = useCan('ga4') !== false;
  const { draft, check } = site;
  const pathOf = (line: number, column: number) => pathAt(draft, offsetOf(draft, line, column));
  const problems = problemsByPath(check, pathOf);
  const placeholders = check?.placeholders ?? site.answer?.placeholders ?? [];
  const problemCount = check?.problems.length ?? 0;

  return (
    <main css={screenCss}>
      <ScreenHeader title="Configurações do site" />
      <p>
        Dados que todas as páginas usam. Cada campo muda só a sua linha de <code>pages/_site.yaml</code>;
        comentários e o resto do arquivo ficam como estão. Salve, depois publique: o site inteiro é conferido
        antes.
      </p>
      {!canSettings && (
        <Message tone="info">
          Só Administradores mudam as Configurações do site. Aqui você vê como estão; para mudar algo, peça a
          um Administrador.
        </Message>
      )}
      {site.loadError && <Message tone="error">{site.loadError}</Message>}
      {placeholders.length > 0 && <PlaceholderWarning placeholders={placeholders} link={false} />}
      {site.answer && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void site.save().then((ok) => setSaved(ok));
          }}
          aria-describedby="configuracoes-situacao"
        >
          {FIELDS.map((field) => {
            const key = field.path.join('.');
            const id = `campo-${field.path.join('-')}`;
            const value = readSetting(draft, field.path) ?? '';
            const mine = problems.get(key) ?? [];
            const placeholder = field.path.length === 1 && placeholders.find((p) => p.key === field.path[0]);
            const Input = field.long ? 'textarea' : 'input';
            return (
              <div className="field" key={key} data-field={key}>
                <label htmlFor={id}>
                  {field.label}
                  {field.optional ? ' (opcional)' : ''}
                </label>
                {placeholder && <span className="provisorio">provisório: {placeholder.words}</span>}
                <Input
                  id={id}
                  name={key}
                  value={value}
                  type={field.long ? undefined : (field.type ?? 'text')}
                  rows={field.long ? 2 : undefined}
                  aria-invalid={mine.length > 0}
                  aria-describedby={`${id}-ajuda${mine.length > 0 ? ` ${id}-erro` : ''}`}
                  onChange={(event) => {
                    setSaved(false);
                    const next = event.target.value;
                    site.edit((text) => setSetting(text, field.path, next));
                  }}
                />
                <small id={`${id}-ajuda`}>{describe(field.path)}</small>
                {mine.length > 0 && (
                  <p className="problem" id={`${id}-erro`}>
                    {mine.join(' ')}
                  </p>
                )}
              </div>
            );
          })}
          {problems.size > 0 &&
            [...problems.entries()]
              .filter(([key]) => !FIELDS.some((f) => f.path.join('.') === key))
              .map(([key, list]) => (
                <p className="problem" key={key}>
                  {key || '_site.yaml'}: {list.join(' ')}
                </p>
              ))}
          <div className="bar">
            <span
              id="configuracoes-situacao"
              role="status"
              css={{ marginRight: 'auto', color: colors.muted }}
            >
              {site.checking
                ? 'Conferindo…'
                : problemCount > 0
                  ? `${problemCount === 1 ? '1 problema' : `${problemCount} problemas`}: corrija antes de publicar.`
                  : site.dirty
                    ? 'Alterações não salvas.'
                    : saved
                      ? asks
                        ? 'Salvo. Peça a publicação para o site mudar.'
                        : 'Salvo. Publique para o site mudar.'
                      : 'Tudo salvo.'}
            </span>
            {site.saveError && <Message tone="error">{site.saveError}</Message>}
            <Button onClick={site.discard} disabled={!site.dirty}>
              Descartar
            </Button>
            <Button
              type="submit"
              tone={site.dirty && canSettings ? 'primary' : 'secondary'}
              disabled={!site.dirty || !canSettings}
            >
              Salvar
            </Button>
            <Button
              tone={!site.dirty ? 'primary' : 'secondary'}
              disabled={site.dirty}
              onClick={() => setPublishing(true)}
            >
              {publishVerb(asks)}…
            </Button>
          </div>
        </form>
      )}
      {canGa4 && <Ga4Settings />}
      {/* Not in _site.yaml: a rule of the Estúdio about people (decision 0049); Administradores only. */}
      <ApprovalSetting />
      {publishing && (
        <PublishDialog
          focusFile="pages/_site.yaml"
          onClose={() => {
            setPublishing(false);
            void site.reload();
          }}
        />
      )}
    </main>
  );
}
