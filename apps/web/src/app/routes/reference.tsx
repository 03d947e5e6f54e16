import type { ReferenceKind } from '@siniestros/domain';
import { ReferenceScreen } from '../../features/reference/components/ReferenceScreen';

export const referencePage = (kind: ReferenceKind) =>
  function ReferencePage() {
    return <ReferenceScreen key={kind} kind={kind} />;
  };
