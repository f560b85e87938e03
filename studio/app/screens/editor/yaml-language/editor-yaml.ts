/**
 * The source editor's YAML language: CodeMirror's (@codemirror/lang-yaml, Lezer's YAML grammar)
 * with smaller tree buffers, so that a keystroke's parse reuses the tree of the text before it.
 *
 * With Lezer's default (buffers of up to 1,024 nodes) the items of a page's `blocks:` list are
 * kept in buffers, which Lezer cannot reuse inside the grammar's indentation context: after one
 * letter typed anywhere, the page was parsed again from its top — 130–420 ms of CPU on the
 * 200-block page (a full parse is 50–80 ms warm, 180–850 cold). CodeMirror gives each keystroke
 * 20 ms of that parse and does the rest in idle moments, so every keystroke in the code spent
 * 20 ms before its preview was asked for, and the idle parse took the main thread (in slices of
 * up to 100 ms) while the preview's answer came back. With buffers of 256 nodes the nodes
 * around the change are kept whole: a keystroke's parse is 1–8 ms, the tree the same.
 */
import { yamlLanguage } from '@codemirror/lang-yaml';
import { LanguageSupport } from '@codemirror/language';

/** The largest tree buffer (Lezer's `bufferLength`) of the editor's YAML parse. */
export const YAML_BUFFER_LENGTH = 256;

const language = yamlLanguage.configure({ bufferLength: YAML_BUFFER_LENGTH });

/** YAML for the source editor (in place of lang-yaml's `yaml()`). */
export const editorYaml = (): LanguageSupport => new LanguageSupport(language);
