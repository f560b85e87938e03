/** The nine /recarregue gallery illustrations (public/images/galeria-*.svg), shared by examples and stories. */
export const GALLERY_IMAGES = [
  ['Cilindros de CO2 sendo recarregados na estação de enchimento da Fillgás'],
  ['Van de entrega da Fillgás na rua, levando cilindros cheios até a casa dos clientes'],
  ['Entregador troca o cilindro vazio por um cheio na porta do cliente'],
  ['Técnico confere a pressão e o peso de um cilindro no controle de qualidade'],
  ['Cilindro de CO2 de 60 litros recarregado, com o selo de aprovado'],
  ['Cliente sorridente fazendo água com gás na máquina da cozinha'],
  ['Copo de água com gás cheio de bolhas, com uma rodela de limão'],
  ['Celular com a conversa no WhatsApp confirmando o dia e o horário da entrega'],
  ['Mapa da Grande São Paulo com um pino marcando a área de entrega grátis'],
].map(([alt], i) => ({ src: `/images/galeria-${i + 1}.svg`, alt: alt!, width: 480, height: 360 }));
