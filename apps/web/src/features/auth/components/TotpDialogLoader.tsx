import { lazy, Suspense, type ComponentProps } from 'react';

const Dialog = lazy(async () => ({ default: (await import('./TotpDialog')).TotpDialog }));

/**
 * The second factor's dialog, its code (and the password rules it checks) loaded when it first
 * opens: the shell, and the inspector's first screen with it, do not carry it (docs/decisions/088).
 */
export function TotpDialog(props: ComponentProps<typeof Dialog>) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
