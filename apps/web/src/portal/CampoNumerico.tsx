/**
 * A field of digits on the claimant's page (the DNI, the signature's code): its label, a line of
 * help and, when refused, the reason read out (role=alert) and tied to the field.
 */
export function CampoNumerico(props: {
  id: string;
  etiqueta: string;
  ayuda: string;
  valor: string;
  onCambio: (valor: string) => void;
  maxLength: number;
  error: string | null | undefined;
  autoComplete?: 'off' | 'one-time-code';
}) {
  const { id, error } = props;
  return (
    <>
      <label htmlFor={id}>{props.etiqueta}</label>
      <p id={`${id}-ayuda`} className="ayuda">
        {props.ayuda}
      </p>
      <input
        id={id}
        className="campo campo-dni"
        type="text"
        inputMode="numeric"
        autoComplete={props.autoComplete ?? 'off'}
        maxLength={props.maxLength}
        value={props.valor}
        onChange={(event) => props.onCambio(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-ayuda ${id}-error` : `${id}-ayuda`}
      />
      {error && (
        <p id={`${id}-error`} className="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
