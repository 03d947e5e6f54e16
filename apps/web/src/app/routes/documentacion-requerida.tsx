import { DocumentacionRequeridaScreen } from '../../features/portal/components/DocumentacionRequeridaScreen';

export function Component() {
  return <DocumentacionRequeridaScreen />;
}
