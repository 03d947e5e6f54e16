import { useEnvioDeCierres } from './use-salida';

/** The inspector's sender, mounted once by the app's layout (loaded for inspectors only). */
export default function EnvioDeCierres({ usr }: { usr: string }) {
  useEnvioDeCierres(usr);
  return null;
}
