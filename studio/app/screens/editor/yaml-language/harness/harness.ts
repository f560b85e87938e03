/**
 * A bare page with the Estúdio's YAML editor on pages/agendamento.yaml, for the browser test
 * (tests/e2e/studio/editor.spec.ts) and for trying the schema help by hand through Vite. It
 * exposes the view and the worker's client on `window.harness` for the test to drive.
 */
import { yaml } from '@codemirror/lang-yaml';
import { basicSetup, EditorView } from 'codemirror';
import page from '../../../../../../pages/agendamento.yaml?raw';
import { schemaLanguage, sharedSchemaClient, type SchemaClient } from '../schema-language.ts';

declare global {
  interface Window {
    harness?: { view: EditorView; client: SchemaClient };
  }
}

const client = sharedSchemaClient();
const view = new EditorView({
  doc: page,
  extensions: [basicSetup, yaml(), schemaLanguage({ client })],
  parent: document.querySelector<HTMLElement>('#editor')!,
});
window.harness = { view, client };
