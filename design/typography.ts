/**
 * Portuguese typography for author text: a number never ends a line apart from its
 * currency or unit ("R$ 150", "48 h", "60 L", "500 ml", "30 minutos"). Only the spaces
 * change (to no-break spaces), so the words read and match exactly as written in YAML.
 * Shared by the content blocks (hero, steps, features, testimonials, comparison, offer, credibility).
 */
const NBSP = '\u00a0';
// (\uDB40 starts the invisible marks the Estúdio's preview puts after a text: decision 0038.)
const UNIT = /(\d)[ \t]+(h|min|minutos|horas|dias|L|ml|km|anos?|garrafas)(?=$|[\s.,;:!?)\uDB40])/g;

export function keepTogether(text: string): string {
  return text.replace(/R\$[ \t]+(?=\d)/g, `R$${NBSP}`).replace(UNIT, `$1${NBSP}$2`);
}
