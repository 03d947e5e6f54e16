import { Badge } from '@mantine/core';
import { PLAZO_ESTADOS, type CasoPlazo } from '@siniestros/domain';

const COLOR: Record<CasoPlazo['estado'], string> = { en_plazo: 'green.9', por_vencer: 'yellow.4', vencido: 'red.8', realizada: 'gray.7' };

const dias = (n: number) => `${n} ${n === 1 ? 'día' : 'días'}`;

/** A clock's state in words and colour (green / amber / red): the words carry it, the colour repeats it. */
export function PlazoBadge({ plazo }: { plazo: Pick<CasoPlazo, 'estado' | 'dias'> }) {
  const { estado } = plazo;
  let text: string = PLAZO_ESTADOS[estado];
  if (estado === 'vencido') text = `Vencido hace ${dias(-plazo.dias)}`;
  else if (estado === 'realizada') text = PLAZO_ESTADOS.realizada;
  else if (plazo.dias === 0) text = `${PLAZO_ESTADOS[estado]}: vence hoy`;
  else text = `${PLAZO_ESTADOS[estado]}: faltan ${dias(plazo.dias)}`;
  return (
    <Badge color={COLOR[estado]} variant="filled" autoContrast tt="none" miw="max-content">
      {text}
    </Badge>
  );
}
