import { Fragment } from 'react';

/**
 * A file's name that may wrap: after its '_', '-' and '.' first, inside a long word only when it
 * has to, and never inside its extension ('Cert_Cobertura.pdf', not 'Cert_Cobertura.pd' / 'f').
 */
export function FileName({ name }: { name: string }) {
  const dot = name.lastIndexOf('.');
  const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const pieces = base.split(/(?<=[_\-.])/);
  return (
    <span style={{ overflowWrap: 'break-word', minWidth: 0 }}>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
      {extension && <span style={{ whiteSpace: 'nowrap' }}>{extension}</span>}
    </span>
  );
}
