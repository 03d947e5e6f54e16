import { useEffect, useRef, useState } from 'react';
import { Loader } from '@mantine/core';

/** `onload`: the widget solves by itself as soon as it appears (the second sign-in step). */
type Props = { onChange: (payload: string | undefined) => void; auto?: 'onload' };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        auto?: string;
        language?: string;
        name?: string;
      };
    }
  }
}

/** ALTCHA proof of work (decision 001); the widget's code loads only on the login route. */
export function Captcha({ onChange, auto }: Props) {
  const ref = useRef<HTMLElement>(null);
  const [isLoaded, setIsLoaded] = useState(false);

  useEffect(() => {
    let isMounted = true;
    void import('../altcha').then(() => isMounted && setIsLoaded(true));
    return () => {
      isMounted = false;
    };
  }, []);

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const handle = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChange(detail.state === 'verified' ? detail.payload : undefined);
    };
    widget.addEventListener('statechange', handle);
    return () => widget.removeEventListener('statechange', handle);
  }, [isLoaded, onChange]);

  if (!isLoaded) return <Loader size="sm" />;
  return <altcha-widget ref={ref} challenge="/api/captcha" language="es-419" name="captcha" auto={auto} />;
}
