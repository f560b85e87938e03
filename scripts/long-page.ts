/**
 * /agendamento grown to `count` blocks, the long page `npm run bench:studio` measures and the
 * tests of long pages use: copies of its content sections (steps, features, testimonials,
 * comparison, offer, credibility), each with an id of its own, before the footer.
 */
import { isMap, isSeq, parseDocument, type YAMLMap } from 'yaml';

export function longPage(source: string, count: number): string {
  const doc = parseDocument(source);
  const blocks = doc.get('blocks');
  if (!isSeq(blocks)) throw new Error('pages/agendamento.yaml sem blocks');
  const repeatable = blocks.items.filter(
    (b) =>
      isMap(b) &&
      ['steps', 'features', 'testimonials', 'comparison', 'offer', 'credibility'].includes(
        String(b.get('type')),
      ),
  );
  const footer = blocks.items.findIndex((b) => isMap(b) && b.get('type') === 'footer');
  for (let i = 0; blocks.items.length < count; i++) {
    const original = repeatable[i % repeatable.length]!;
    const copy = doc.createNode(isMap(original) ? original.toJSON() : {}) as unknown as YAMLMap;
    copy.set('id', `copia-${i + 1}`);
    blocks.items.splice(footer + i, 0, copy);
  }
  return doc.toString({ lineWidth: 0 });
}
