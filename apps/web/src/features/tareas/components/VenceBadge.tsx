import { Badge } from '@mantine/core';
import { formatDate, todayIso } from '@siniestros/domain';

/** A task's due date with its state in words (not colour alone): Vencida / Hoy / Vence. */
export function VenceBadge({ vence }: { vence: string }) {
  const today = todayIso();
  // Never cut short in a narrow column: the date is the point.
  const props = { tt: 'none', miw: 'max-content' } as const;
  if (vence < today) return <Badge color="red.8" variant="filled" {...props}>{`Vencida ${formatDate(vence)}`}</Badge>;
  if (vence === today)
    return (
      <Badge color="orange.9" variant="filled" {...props}>
        Hoy
      </Badge>
    );
  return (
    <Badge variant="default" {...props}>
      {`Vence ${formatDate(vence)}`}
    </Badge>
  );
}
