import { Placeholder } from './placeholder';

export function Component() {
  return <Placeholder title="Audiencias" />;
}
