/** Default content of the legal block, shared by its schema and examples. Plain data. */
export const DEFAULT_TOC_LABEL = 'Nesta página';

export const DEFAULT_CONTACT: { heading: string; text: string; chatLabel: string; track?: string } = {
  heading: 'Ficou com alguma dúvida?',
  text: 'Fale com a nossa equipe pelo WhatsApp, por telefone ou por e-mail, de segunda a sábado, das 8h às 20h.',
  chatLabel: 'Falar no WhatsApp',
};
