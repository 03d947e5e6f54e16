import { Badge } from '@mantine/core';
import { formatDate, todayIso } from '@siniestros/domain';

/** A task's due date with its state in words (not colour alone): Vencida / Hoy / Vence. */
export function VenceBadge({ vence }: { vence: string }) {
  const today = todayIso();
  if (vence < today) return <Badge color="red.8" variant="filled">{`Vencida ${formatDate(vence)}`}</Badge>;
  if (vence === today) return <Badge color="orange.9" variant="filled">Hoy</Badge>;
  return (
    <Badge color="gray.7" variant="outline">
      {`Vence ${formatDate(vence)}`}
    </Badge>
  );
}
