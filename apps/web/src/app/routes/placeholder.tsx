import { PageTitle } from '../../components/PageTitle';

/** A declared route whose screen a later issue builds. */
export function Placeholder({ title }: { title: string }) {
  return <PageTitle>{title}</PageTitle>;
}
