import { NumberInput, type NumberInputProps } from '@mantine/core';

export type MoneyInputProps = Omit<NumberInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  /** A plain decimal ('1003439.21'), as the API sends and takes it; '' or null when empty. */
  value?: string | number | null;
  onChange?: (value: string) => void;
};

/**
 * An amount in pesos, read and shown as es-AR ('1.003.439,21') while the form keeps the plain
 * decimal string the API takes ('1003439.21'). Only ',' marks the decimals: a typed '.' is the
 * thousands mark, so '1.500.000' typed is a million and a half, not 1,50.
 */
export function MoneyInput({ value, onChange, ...props }: MoneyInputProps) {
  return (
    <NumberInput
      leftSection="$"
      thousandSeparator="."
      decimalSeparator=","
      allowedDecimalSeparators={[',']}
      decimalScale={2}
      allowNegative={false}
      hideControls
      // Left as typed on blur: trimming would rewrite a loaded '1500.00' as '1500' and mark the form changed.
      trimLeadingZeroesOnBlur={false}
      {...props}
      // The value is a numeric string with a '.' decimal point, not text written with the separators above.
      valueIsNumericString
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(next) => onChange?.(String(next))}
    />
  );
}
