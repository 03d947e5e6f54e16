/**
 * Deterministic, realistic Argentine demo data: the rows of a batch of cases with their insured
 * party, third parties, lawyer, injured people, hearings, inspections and history. Pure
 * generation (no database): `demo-load.ts` writes what this produces, and the benchmark reuses it.
 */
import {
  ANALISIS_MESSAGES,
  AUDIENCIA_MESSAGES,
  CASO_MESSAGES,
  CICLO_MESSAGES,
  DOCUMENTACION_MESSAGES,
  FLAGS,
  INSPECCION_ESTADOS,
  INSPECCION_MESSAGES,
  LESIONADO_MESSAGES,
  LETRADO_MESSAGES,
  casoSearchColumns,
  normalizeSearch,
  type FlagKey,
} from '@siniestros/domain';
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { asegurados, casos, terceros } from '../db/tables/casos';
import { historial } from '../db/tables/historial';
import { inspecciones } from '../db/tables/inspeccion';
import { lesionados } from '../db/tables/lesionados';
import { letrados } from '../db/tables/letrados';
import { audiencias } from '../db/tables/mediacion';

// ---------------------------------------------------------------------------------------------
// Random numbers: sfc32 seeded through splitmix32, so a seed always yields the same data.

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let state = seed >>> 0;
    const splitmix = () => {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = splitmix();
    this.b = splitmix();
    this.c = splitmix();
    this.d = splitmix();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(Math.floor(this.next() * 10));
    return out;
  }

  letters(count: number, alphabet = LETTERS): string {
    let out = '';
    for (let i = 0; i < count; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A weighted choice, picked by binary search over the cumulative weights. */
export class Weighted<T> {
  readonly values: T[];
  private readonly cumulative: number[];
  private readonly total: number;

  constructor(entries: readonly (readonly [T, number])[]) {
    this.values = entries.map(([value]) => value);
    let sum = 0;
    this.cumulative = entries.map(([, weight]) => (sum += weight));
    this.total = sum;
  }

  pick(rng: Rng): T {
    const target = rng.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.cumulative[mid]! > target) high = mid;
      else low = mid + 1;
    }
    return this.values[low]!;
  }

  share(value: T): number {
    const index = this.values.indexOf(value);
    if (index < 0) return 0;
    return (this.cumulative[index]! - (index > 0 ? this.cumulative[index - 1]! : 0)) / this.total;
  }
}

// ---------------------------------------------------------------------------------------------
// Reference data the demo adds when missing (fictitious but plausible Argentine names).

export const DEMO_COMPANIAS: readonly (readonly [string, number])[] = [
  ['La Rioplatense Seguros', 22],
  ['Federación Pampeana Seguros', 16],
  ['Aseguradora del Litoral', 12],
  ['Andina Patrimonial', 10],
  ['Cooperativa del Sur Seguros', 8],
  ['Mercantil Cuyana', 7],
  ['Provincia del Plata Seguros', 7],
  ['San Telmo Compañía de Seguros', 5],
  ['Paraná Seguros Generales', 5],
  ['Nordeste Aseguradora', 3],
  ['Patagonia Seguros', 3],
  ['Güemes Mutual de Seguros', 2],
];

export const DEMO_ANALISTAS: readonly { nombre: string; apellido: string }[] = [
  { nombre: 'Mariana', apellido: 'Quiroga' },
  { nombre: 'Julián', apellido: 'Benítez' },
  { nombre: 'Lucía', apellido: 'Fernández' },
  { nombre: 'Hernán', apellido: 'Ibáñez' },
  { nombre: 'Florencia', apellido: 'Acosta' },
  { nombre: 'Germán', apellido: 'Peralta' },
  { nombre: 'Valeria', apellido: 'Domínguez' },
  { nombre: 'Tomás', apellido: 'Sosa' },
  { nombre: 'Carolina', apellido: 'Núñez' },
  { nombre: 'Ramiro', apellido: 'Ledesma' },
  { nombre: 'Inés', apellido: 'Castro' },
  { nombre: 'Agustín', apellido: 'Paz' },
];

export const DEMO_INSPECTORES: readonly { nombre: string; apellido: string }[] = [
  { nombre: 'Raúl', apellido: 'Medina' },
  { nombre: 'Sergio', apellido: 'Rojas' },
  { nombre: 'Cecilia', apellido: 'Vega' },
  { nombre: 'Óscar', apellido: 'Giménez' },
  { nombre: 'Patricio', apellido: 'Herrera' },
  { nombre: 'Daniela', apellido: 'Ortiz' },
  { nombre: 'Mauro', apellido: 'Cabrera' },
  { nombre: 'Gabriel', apellido: 'Suárez' },
];

export const DEMO_RESPONSABILIDADES = [
  'Responsabilidad del asegurado',
  'Responsabilidad del tercero',
  'Responsabilidad compartida',
  'Responsabilidad a determinar',
] as const;

/** Staff accounts named as the author of cases and history rows (they need not exist as users). */
const STAFF_USERNAMES = [
  'mquiroga@siniestros.local',
  'jbenitez@siniestros.local',
  'lfernandez@siniestros.local',
  'hibanez@siniestros.local',
  'facosta@siniestros.local',
  'admin@siniestros.local',
];

// ---------------------------------------------------------------------------------------------
// People, vehicles and places.

/** González is by far the most common surname, then a long, thinning tail (as in Argentina). */
const APELLIDOS_RANKED = [
  'González',
  'Rodríguez',
  'Gómez',
  'Fernández',
  'López',
  'Díaz',
  'Martínez',
  'Pérez',
  'García',
  'Sánchez',
  'Romero',
  'Sosa',
  'Álvarez',
  'Torres',
  'Ruiz',
  'Ramírez',
  'Flores',
  'Acosta',
  'Benítez',
  'Medina',
  'Suárez',
  'Herrera',
  'Aguirre',
  'Pereyra',
  'Gutiérrez',
  'Giménez',
  'Molina',
  'Silva',
  'Castro',
  'Rojas',
  'Ortiz',
  'Núñez',
  'Luna',
  'Juárez',
  'Cabrera',
  'Ríos',
  'Ferreyra',
  'Godoy',
  'Morales',
  'Domínguez',
  'Moreno',
  'Peralta',
  'Vega',
  'Carrizo',
  'Quiroga',
  'Castillo',
  'Ledesma',
  'Muñoz',
  'Ojeda',
  'Ponce',
  'Vera',
  'Vázquez',
  'Villalba',
  'Cardozo',
  'Navarro',
  'Ramos',
  'Arias',
  'Coronel',
  'Córdoba',
  'Figueroa',
  'Correa',
  'Cáceres',
  'Vargas',
  'Maldonado',
  'Mansilla',
  'Farías',
  'Rivero',
  'Paz',
  'Miranda',
  'Roldán',
  'Méndez',
  'Lucero',
  'Cruz',
  'Hernández',
  'Agüero',
  'Páez',
  'Blanco',
  'Mendoza',
  'Barrios',
  'Escobar',
  'Ávila',
  'Soria',
  'Leiva',
  'Acuña',
  'Martín',
  'Maidana',
  'Moyano',
  'Campos',
  'Olivera',
  'Duarte',
  'Soto',
  'Bustos',
  'Chávez',
  'Ibáñez',
  'Bravo',
  'Rossi',
  'Ferrari',
  'Russo',
  'Romano',
  'Colombo',
  'Bianchi',
  'Greco',
  'Echeverría',
  'Iturralde',
  'Goñi',
  'Zabala',
  'Arrieta',
  'Larrañaga',
  'Villegas',
  'Sáenz',
  'Quintana',
  'Toledo',
  'Salinas',
  'Rivas',
  'Aráoz',
  'Bermúdez',
  'Ocampo',
  'Valdéz',
  'Montenegro',
  'Guzmán',
];

/**
 * The long tail: thousands of rarer surnames (Spanish patronymic, Basque, Italian, Galician
 * forms), built from roots and endings so the list stays short in the source. Italian-born
 * surnames are a large share of Argentina's tail; each of these is rare (~0.01% of people), so a
 * benchmark can search a surname that matches a few dozen cases at 1M (issue 17 item 6).
 */
const TAIL_ROOTS = [
  'Alb', 'Alm', 'Amad', 'Ang', 'Ar', 'Arr', 'Bal', 'Bar', 'Bas', 'Bel', 'Ben', 'Ber', 'Bian', 'Bon', 'Bor', 'Bran', 'Bus', 'Cal', 'Cam',
  'Can', 'Cap', 'Car', 'Cas', 'Cav', 'Cer', 'Ciar', 'Col', 'Con', 'Cor', 'Cos', 'Cur', 'Dal', 'Del', 'Dom', 'Ech', 'Esc', 'Fab', 'Fal',
  'Far', 'Fel', 'Fer', 'Fior', 'Gal', 'Gar', 'Gas', 'Ger', 'Gil', 'Gor', 'Gual', 'Guer', 'Iban', 'Lam', 'Lan', 'Lar', 'Lor', 'Luc',
  'Mal', 'Man', 'Mar', 'Mas', 'Maz', 'Mel', 'Mer', 'Mil', 'Mon', 'Mor', 'Nar', 'Nav', 'Ner', 'Ol', 'Or', 'Pal', 'Pan', 'Par', 'Pas',
  'Pel', 'Per', 'Pic', 'Pin', 'Pir', 'Pol', 'Pr', 'Quin', 'Ral', 'Ren', 'Riv', 'Ros', 'Rub', 'Sal', 'San', 'Sar', 'Ser', 'Sol', 'Tal',
  'Tar', 'Tor', 'Urb', 'Val', 'Ver', 'Vil', 'Zan', 'Zar',
];
const TAIL_ENDINGS = [
  'etti', 'ini', 'elli', 'ucci', 'one', 'ato', 'ardi', 'asso', 'ano', 'ieri', 'otti', 'ella', 'ese', 'uzzi', 'aldi', 'ico', 'egui', 'aga',
  'ola', 'ena', 'iza', 'eda', 'illa', 'uela', 'ero', 'ino', 'ales', 'uero', 'ada', 'andi', 'ondo', 'urri', 'allo', 'ente', 'osa',
];
const HEAD = new Set(APELLIDOS_RANKED.map((apellido) => normalizeSearch(apellido)));
const APELLIDOS_TAIL = [
  ...new Set(TAIL_ENDINGS.flatMap((ending) => TAIL_ROOTS.map((root) => root + ending)).filter((apellido) => !HEAD.has(normalizeSearch(apellido)))),
];
/** The ranked head is ~62% of people (González ~3%), the tail of ~3,600 surnames the rest (Zipf-like within each). */
const HEAD_WEIGHTS = APELLIDOS_RANKED.map((apellido, rank) => [apellido, rank === 0 ? 0.1 : 1 / (rank + 12)] as const);
const TAIL_SHARE = 0.38;
const headTotal = HEAD_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
const tailRaw = APELLIDOS_TAIL.map((_, rank) => 1 / (rank + 300));
const tailScale = (headTotal * TAIL_SHARE) / (1 - TAIL_SHARE) / tailRaw.reduce((sum, weight) => sum + weight, 0);
const APELLIDOS = new Weighted([...HEAD_WEIGHTS, ...APELLIDOS_TAIL.map((apellido, rank) => [apellido, tailRaw[rank]! * tailScale] as const)]);
export const DEMO_MOST_COMMON_APELLIDO = APELLIDOS_RANKED[0]!;
/** Share of people with the most common surname (~2.5%: ~5% of cases at ~2.3 people a case). */
export const DEMO_MOST_COMMON_SHARE = APELLIDOS.share(DEMO_MOST_COMMON_APELLIDO);
/** The rarest surname of the demo (~0.005% of people): a search for it matches a few dozen cases at 1M. */
export const DEMO_RARE_APELLIDO = APELLIDOS_TAIL.at(-1)!;
/** How many distinct surnames the demo draws from. */
export const DEMO_APELLIDOS_COUNT = APELLIDOS.values.length;

const NOMBRES_M = [
  'Juan',
  'Carlos',
  'José',
  'Luis',
  'Jorge',
  'Miguel',
  'Martín',
  'Diego',
  'Pablo',
  'Sebastián',
  'Nicolás',
  'Matías',
  'Facundo',
  'Gonzalo',
  'Federico',
  'Alejandro',
  'Lucas',
  'Agustín',
  'Joaquín',
  'Tomás',
  'Santiago',
  'Ramón',
  'Héctor',
  'Rubén',
  'Óscar',
  'Raúl',
  'Germán',
  'Julián',
  'Iván',
  'Andrés',
  'Hernán',
  'Cristian',
  'Damián',
  'Fabián',
  'Adrián',
  'Maximiliano',
  'Ezequiel',
  'Leandro',
  'Marcelo',
  'Gustavo',
  'Sergio',
  'Roberto',
  'Daniel',
  'Mariano',
  'Emiliano',
  'Valentín',
  'Benjamín',
  'Simón',
];
const NOMBRES_F = [
  'María',
  'Ana',
  'Laura',
  'Silvia',
  'Claudia',
  'Patricia',
  'Mónica',
  'Graciela',
  'Marta',
  'Susana',
  'Sofía',
  'Lucía',
  'Valentina',
  'Camila',
  'Florencia',
  'Agustina',
  'Micaela',
  'Julieta',
  'Carolina',
  'Gabriela',
  'Verónica',
  'Romina',
  'Natalia',
  'Paula',
  'Belén',
  'Inés',
  'Marisol',
  'Rocío',
  'Milagros',
  'Araceli',
  'Mariela',
  'Noelia',
  'Lorena',
  'Andrea',
  'Soledad',
  'Victoria',
  'Martina',
  'Catalina',
  'Josefina',
  'Débora',
];
const SEGUNDOS_M = ['Pablo', 'Cruz', 'Manuel', 'Ignacio', 'José', 'Martín', 'Andrés'];
const SEGUNDOS_F = ['José', 'Belén', 'Inés', 'Sol', 'Laura', 'Florencia', 'Victoria'];

type Ciudad = { nombre: string; provincia: string; area: string; peso: number; /** null: CABA's CPA is drawn */ cp: string | null };
const caba = (rng: Rng) => `C${rng.int(1001, 1440)}${rng.letters(3)}`;
const CIUDADES = new Weighted<Ciudad>(
  (
    [
      ['CABA', 'Ciudad Autónoma de Buenos Aires', null, '11', 26],
      ['Quilmes', 'Buenos Aires', '1878', '11', 4],
      ['Lomas de Zamora', 'Buenos Aires', '1832', '11', 4],
      ['Morón', 'Buenos Aires', '1708', '11', 3],
      ['San Isidro', 'Buenos Aires', '1642', '11', 3],
      ['Avellaneda', 'Buenos Aires', '1870', '11', 3],
      ['Lanús', 'Buenos Aires', '1824', '11', 3],
      ['San Justo', 'Buenos Aires', '1754', '11', 3],
      ['La Plata', 'Buenos Aires', '1900', '221', 5],
      ['Mar del Plata', 'Buenos Aires', '7600', '223', 4],
      ['Bahía Blanca', 'Buenos Aires', '8000', '291', 2],
      ['Tandil', 'Buenos Aires', '7000', '249', 1],
      ['Rosario', 'Santa Fe', '2000', '341', 7],
      ['Santa Fe', 'Santa Fe', '3000', '342', 3],
      ['Córdoba', 'Córdoba', '5000', '351', 8],
      ['Río Cuarto', 'Córdoba', '5800', '358', 1],
      ['Mendoza', 'Mendoza', '5500', '261', 4],
      ['San Miguel de Tucumán', 'Tucumán', '4000', '381', 3],
      ['Salta', 'Salta', '4400', '387', 2],
      ['San Salvador de Jujuy', 'Jujuy', '4600', '388', 1],
      ['Santiago del Estero', 'Santiago del Estero', '4200', '385', 1],
      ['Neuquén', 'Neuquén', '8300', '299', 2],
      ['Paraná', 'Entre Ríos', '3100', '343', 1],
      ['Posadas', 'Misiones', '3300', '376', 1],
      ['Corrientes', 'Corrientes', '3400', '379', 1],
      ['Resistencia', 'Chaco', '3500', '362', 1],
      ['San Juan', 'San Juan', '5400', '264', 1],
      ['San Luis', 'San Luis', '5700', '266', 1],
      ['Comodoro Rivadavia', 'Chubut', '9000', '297', 1],
    ] as const
  ).map(([nombre, provincia, cp, area, peso]) => [{ nombre, provincia, cp, area, peso }, peso] as const),
);

const CALLES = [
  'Av. Corrientes',
  'Av. Rivadavia',
  'San Martín',
  'Belgrano',
  'Sarmiento',
  'Mitre',
  'Av. Santa Fe',
  'Av. Córdoba',
  '9 de Julio',
  '25 de Mayo',
  'Moreno',
  'Alsina',
  'Av. del Libertador',
  'Lavalle',
  'Tucumán',
  'Güemes',
  'Entre Ríos',
  'Pueyrredón',
  'Av. Independencia',
  'Juan B. Justo',
  'Hipólito Yrigoyen',
  'Alvear',
  'Rondeau',
  'Colón',
  'Maipú',
  'Las Heras',
  'Dorrego',
  'Castelli',
  'Saavedra',
  'Almirante Brown',
  'Av. Pellegrini',
  'Bv. Oroño',
  'Italia',
  'España',
  'Chacabuco',
  'Necochea',
  'Urquiza',
  'Av. Gral. Paz',
  'Av. Cabildo',
  'Av. San Juan',
];

const VEHICULOS = new Weighted(
  (
    [
      ['Volkswagen Gol Trend', 9],
      ['Fiat Cronos', 8],
      ['Chevrolet Onix', 7],
      ['Toyota Hilux', 7],
      ['Peugeot 208', 6],
      ['Ford Ranger', 5],
      ['Renault Sandero', 5],
      ['Toyota Etios', 5],
      ['Ford Ka', 4],
      ['Fiat Palio', 4],
      ['Volkswagen Amarok', 4],
      ['Chevrolet Corsa Classic', 4],
      ['Renault Kangoo', 3],
      ['Citroën C4 Cactus', 2],
      ['Peugeot 2008', 3],
      ['Volkswagen Taos', 2],
      ['Toyota Corolla', 4],
      ['Honda Civic', 2],
      ['Renault Logan', 3],
      ['Fiat Toro', 3],
      ['Chevrolet Cruze', 2],
      ['Ford EcoSport', 3],
      ['Nissan Frontier', 2],
      ['Jeep Renegade', 2],
      ['Peugeot Partner', 2],
      ['Volkswagen Suran', 2],
      ['Renault Clio', 2],
      ['Fiat Uno', 2],
      ['Citroën Berlingo', 1],
      ['Honda Wave 110', 2],
      ['Motomel Blitz 110', 2],
    ] as const
  ).map(([name, weight]) => [name as string, weight] as const),
);

const VIN_WMI = ['8AF', '9BW', '8AP', '9BG', '8AJ', '8A1', '93Y', '9BD', '8AW', '8AG'];
const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const MAIL_DOMAINS = new Weighted([
  ['gmail.com', 50],
  ['hotmail.com', 25],
  ['yahoo.com.ar', 10],
  ['outlook.com', 10],
  ['live.com.ar', 5],
] as const);

const TALLERES = [
  'Taller Los Hermanos',
  'Chapa y Pintura Don Ramón',
  'Taller El Rápido',
  'Carrocerías del Sur',
  'Taller Oeste',
  'Autos Martínez',
];
const ACCIONES = [
  'me embistió de atrás al frenar en el semáforo',
  'no respetó la prioridad de paso y me chocó el lateral derecho',
  'cambió de carril sin señalizar y golpeó mi guardabarros delantero',
  'dio marcha atrás al salir del estacionamiento y me golpeó la puerta trasera',
  'cruzó en rojo y me impactó en la parte delantera',
  'se abrió en la rotonda y rozó todo el lateral izquierdo',
  'frenó de golpe y no pude evitar tocarlo con el paragolpes',
];
const RESULTADOS = [
  'Daños en paragolpes trasero, portón y óptica izquierda. Se cotizan repuestos originales y mano de obra.',
  'Abolladura en puerta delantera derecha y guardabarros. Reparable, sin cambio de piezas estructurales.',
  'Golpe frontal: capot, paragolpes, radiador y ópticas. Presupuesto del taller razonable.',
  'Rayones y abolladuras leves en lateral izquierdo. Se sugiere reparación y pintura.',
  'Daños de consideración en tren delantero. Se recomienda evaluar destrucción total.',
  'Parabrisas estallado y espejo retrovisor roto. Se cotiza reposición.',
  'Daño menor en paragolpes. El tercero presentó fotos coincidentes con lo observado.',
];
const CENTROS_MEDIACION = [
  'Centro de Mediación Tribunales',
  'Mediación Prejudicial Obligatoria',
  'Estudio de Mediación Rivadavia',
  'Centro de Mediación del Colegio de Abogados',
];
const ACCESORIOS = ['Equipo de GNC', 'Llantas de aleación', 'Estéreo con pantalla', 'Barras portaequipajes', 'Enganche de remolque'];

export type DemoPersona = {
  apellido: string;
  nombre: string;
  id_tipo_doc: number;
  nro_doc: string;
  cuit: string | null;
  domicilio: string;
  codigo_postal: string;
  fijo: string | null;
  cel: string;
  cbu: string | null;
  marca_modelo: string;
  anio: number;
  dominio: string;
  mail: string;
};

// ---------------------------------------------------------------------------------------------
// Argentine identifiers.

/** CUIT/CUIL check digit (AFIP: weights 5,4,3,2,7,6,5,4,3,2 over prefix and number). */
export function cuitCheckDigit(prefixAndNumber: string): number {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(prefixAndNumber[i]) * weights[i]!;
  const check = 11 - (sum % 11);
  return check === 11 ? 0 : check;
}

export function isValidCuit(value: string): boolean {
  const digits = value.replace(/-/g, '');
  return /^\d{11}$/.test(digits) && cuitCheckDigit(digits.slice(0, 10)) === Number(digits[10]);
}

/** A person's CUIL from their DNI: 20 male, 27 female; 23 when the check digit would be 10. */
export function cuilFor(dni: string, female: boolean): string {
  const number = dni.padStart(8, '0');
  let prefix = female ? '27' : '20';
  let check = cuitCheckDigit(prefix + number);
  if (check === 10) {
    prefix = '23';
    check = cuitCheckDigit(prefix + number);
  }
  return `${prefix}-${number}-${check}`;
}

/** A CBU with both check digits right (bank+branch block of 8, account block of 14). */
function cbu(rng: Rng): string {
  const block = (body: string, weights: number[]) => {
    let sum = 0;
    for (let i = 0; i < body.length; i++) sum += Number(body[i]) * weights[i % weights.length]!;
    return body + String((10 - (sum % 10)) % 10);
  };
  const bank = rng.pick(['007', '011', '014', '015', '017', '027', '072', '143', '191', '285']);
  return block(bank + rng.digits(4), [7, 1, 3, 9]) + block(rng.digits(13), [3, 9, 7, 1]);
}

// ---------------------------------------------------------------------------------------------
// Dates as day numbers (UTC days since 1970-01-01), printed through a cache.

const DAY_MS = 86_400_000;
const dayCache = new Map<number, string>();
export function isoDay(day: number): string {
  let text = dayCache.get(day);
  if (!text) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayCache.set(day, text);
  }
  return text;
}
export const dayOf = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const money = (cents: number) => `${Math.floor(cents / 100)}.${two(cents % 100)}`;

// ---------------------------------------------------------------------------------------------
// The rows, column by column.

/** The tables a batch writes, in insert order (parents before children); each key is its SQL name. */
export const DEMO_TABLES = { asegurados, casos, terceros, letrados, lesionados, audiencias, inspecciones, historial } as const;

export type DemoTableName = keyof typeof DEMO_TABLES;
export const DEMO_TABLE_NAMES = Object.keys(DEMO_TABLES) as DemoTableName[];

/** A row of a demo table, as its Drizzle definition types an insert: a new required column fails the type check. */
export type DemoRow<T extends DemoTableName> = (typeof DEMO_TABLES)[T]['$inferInsert'];

/**
 * A column as the loader writes it: the row's key, the SQL name, and the element type of its
 * `unnest` array (without a length: a value too long is refused, as an insert would, never cut).
 */
export type DemoColumn = { key: string; name: string; type: string };

const SERIAL_TYPES: Record<string, string> = { serial: 'integer', smallserial: 'smallint', bigserial: 'bigint' };

function demoColumns(table: PgTable): readonly DemoColumn[] {
  return Object.entries(getTableColumns(table)).map(([key, column]) => {
    const type = column.getSQLType().replace(/\(.*\)$/, '');
    return { key, name: column.name, type: SERIAL_TYPES[type] ?? type };
  });
}

/** Every column of every demo table, read from the tables' definitions: a column added to a table is loaded too. */
export const DEMO_COLUMNS = Object.fromEntries(DEMO_TABLE_NAMES.map((name) => [name, demoColumns(DEMO_TABLES[name])])) as Record<
  DemoTableName,
  readonly DemoColumn[]
>;

/**
 * The columns of the demo tables that hold the id of another demo table's row: the declared
 * foreign keys and the two a key cannot declare (a case's and a third party's lawyer). The
 * loader's copies (`seedDemo`'s `copies`) renumber them with the row they point at.
 */
export const DEMO_ID_REFERENCES: { [T in DemoTableName]: Partial<Record<string, DemoTableName>> } = {
  asegurados: {},
  casos: { id_asegurado: 'asegurados', id_letrado: 'letrados' },
  terceros: { id_caso: 'casos', id_letrado: 'letrados' },
  letrados: { id_caso: 'casos' },
  lesionados: { id_caso: 'casos' },
  audiencias: { id_caso: 'casos' },
  inspecciones: { id_caso: 'casos' },
  historial: { id_caso: 'casos' },
};

/**
 * One table's rows of a batch, held column by column (what `unnest` wants). The columns no row
 * gave a value (the edit version, an idempotency key) are left out of the insert: the table's
 * default fills them.
 */
export class ColumnBatch<T extends DemoTableName> {
  private readonly values: unknown[][];
  private readonly given: boolean[];
  private readonly spec: readonly DemoColumn[];

  constructor(name: T) {
    this.spec = DEMO_COLUMNS[name];
    this.values = this.spec.map(() => []);
    this.given = this.spec.map(() => false);
  }

  add(row: DemoRow<T>): void {
    const fields = row as Record<string, unknown>;
    for (let i = 0; i < this.spec.length; i++) {
      const value = fields[this.spec[i]!.key];
      if (value !== undefined) this.given[i] = true;
      this.values[i]!.push(value ?? null);
    }
  }

  /** The columns the rows gave, with their values. */
  written(): { columns: DemoColumn[]; values: unknown[][] } {
    const indexes = this.spec.flatMap((_, i) => (this.given[i] ? [i] : []));
    return { columns: indexes.map((i) => this.spec[i]!), values: indexes.map((i) => this.values[i]!) };
  }

  get size(): number {
    return this.values[0]!.length;
  }
}

export type DemoBatch = { [T in DemoTableName]: ColumnBatch<T> };

/** The ids the rows reference: read from the database before generating. */
export type DemoContext = {
  companias: readonly number[];
  analistas: readonly { id: number; nombre: string; apellido: string }[];
  inspectores: readonly number[];
  responsabilidades: readonly number[];
  productos: readonly { id: number; nombre: string }[];
  estados: ReadonlyMap<number, string>;
  tiposDoc: readonly { id: number; nombre: string }[];
};

export type DemoOptions = {
  seed: number;
  /** The newest case is created on this day (YYYY-MM-DD); the oldest about six years earlier. */
  until: string;
  /** Total cases of the run: spreads the creation dates evenly over the period. */
  totalCases: number;
};

/** The next id to use in each table; the generator advances them. */
export type DemoIds = Record<DemoTableName, number>;

const SPAN_DAYS = 6 * 365;

/** A fixed number in [0, 1) per case and purpose, for choices that must not consume the seeded sequence. */
function caseUnit(idCaso: number, salt: number): number {
  return (Math.imul(idCaso ^ Math.imul(salt, 0x9e3779b1), 0x85ebca6b) >>> 0) / 2 ** 32;
}
const VIGENTE_ESTADOS = new Weighted([
  [1, 22],
  [2, 20],
  [3, 16],
  [4, 20],
  [5, 9],
  [6, 7],
  [7, 6],
] as const);
const CERRADO_ESTADOS = new Weighted([
  [8, 22],
  [9, 9],
  [10, 5],
  [11, 4],
  [12, 6],
  [13, 7],
  [14, 3],
  [15, 2],
  [16, 2],
  [17, 30],
  [18, 3],
  [19, 7],
] as const);
const PRODUCT_WEIGHTS: Record<string, number> = {
  'Daños Materiales': 60,
  Lesiones: 10,
  'Destrucción Total': 8,
  'Robo Total': 7,
  Cristales: 10,
  Granizo: 5,
};
const TERCEROS_COUNT = new Weighted([
  [0, 12],
  [1, 60],
  [2, 19],
  [3, 6],
  [4, 2],
  [5, 1],
] as const);
const VIAS = new Weighted([
  ['Mail', 40],
  ['Portal web', 25],
  ['Teléfono', 15],
  ['Productor', 15],
  ['Presencial', 5],
] as const);
const FLAG_RATES: Record<FlagKey, number> = {
  urg: 0.06,
  amp: 0.03,
  auto: 0.04,
  inte: 0.02,
  lesion: 0.05,
  vm: 0.02,
  inve: 0.02,
  docu: 0.06,
  fran: 0.04,
  ofre: 0.04,
  ana: 0.05,
  negocia: 0.04,
  acordado: 0.02,
  cierre: 0.02,
  halla: 0.01,
  lesiones: 0.02,
  sc: 0.03,
};
/** Offers were made in these closed statuses (spec §4: analysis and offer precede them). */
const CLOSED_WITH_OFFER = new Set([8, 9, 12, 17]);

/**
 * Generates the demo data of `count` cases, numbered from `ids.casos`, into column batches.
 * `index` is the position of the first case within the run (it fixes the creation dates).
 */
export class DemoGenerator {
  private readonly rng: Rng;
  private readonly untilDay: number;
  private readonly companias: Weighted<number>;
  private readonly productos: Weighted<{ id: number; nombre: string }>;
  private readonly tipoDni: number;
  private readonly otherTipos: number[];

  constructor(
    private readonly context: DemoContext,
    private readonly options: DemoOptions,
  ) {
    this.rng = new Rng(options.seed);
    this.untilDay = dayOf(options.until);
    this.companias = new Weighted(context.companias.map((id, i) => [id, DEMO_COMPANIAS[i]?.[1] ?? 2] as const));
    this.productos = new Weighted(context.productos.map((producto) => [producto, PRODUCT_WEIGHTS[producto.nombre] ?? 3] as const));
    const dni = context.tiposDoc.find((tipo) => tipo.nombre.toUpperCase() === 'DNI') ?? context.tiposDoc[0]!;
    this.tipoDni = dni.id;
    this.otherTipos = context.tiposDoc.filter((tipo) => tipo.id !== dni.id).map((tipo) => tipo.id);
  }

  static emptyBatch(): DemoBatch {
    return Object.fromEntries(DEMO_TABLE_NAMES.map((name) => [name, new ColumnBatch(name)])) as DemoBatch;
  }

  generate(index: number, count: number, ids: DemoIds): DemoBatch {
    const batch = DemoGenerator.emptyBatch();
    for (let i = 0; i < count; i++) this.caso(index + i, ids, batch);
    return batch;
  }

  // --- people ---------------------------------------------------------------------------------

  private nombre(female: boolean): string {
    const rng = this.rng;
    const first = rng.pick(female ? NOMBRES_F : NOMBRES_M);
    return rng.chance(0.12) ? `${first} ${rng.pick(female ? SEGUNDOS_F : SEGUNDOS_M)}` : first;
  }

  private dni(): string {
    // Older people carry 7-digit numbers; most are 8 digits, up to the ~48 millions issued now.
    return String(this.rng.chance(0.1) ? this.rng.int(4_000_000, 9_999_999) : this.rng.int(10_000_000, 47_999_999));
  }

  private ciudad() {
    const ciudad = CIUDADES.pick(this.rng);
    return { ...ciudad, cp: ciudad.cp ?? caba(this.rng) };
  }

  private domicilio(ciudad: { nombre: string; provincia: string }): string {
    const rng = this.rng;
    const piso = rng.chance(0.25) ? ` ${rng.int(1, 14)}° ${rng.pick(['A', 'B', 'C', 'D'])}` : '';
    const lugar = ciudad.nombre === 'CABA' ? 'CABA' : `${ciudad.nombre}, ${ciudad.provincia}`;
    return `${rng.pick(CALLES)} ${rng.int(10, 6999)}${piso}, ${lugar}`;
  }

  private phone(area: string, mobile: boolean): string {
    const rng = this.rng;
    const local = 10 - area.length;
    const first = mobile ? String(rng.int(5, 6)) : String(rng.int(4, 4));
    const body = first + rng.digits(local - 1);
    const split = local - 4;
    return `${area} ${body.slice(0, split)}-${body.slice(split)}`;
  }

  private mail(nombre: string, apellido: string): string {
    const clean = (value: string) =>
      value
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z]/g, '');
    const first = clean(nombre.split(' ')[0]!);
    const suffix = this.rng.chance(0.6) ? String(this.rng.int(1, 99)) : '';
    return `${first}.${clean(apellido)}${suffix}@${MAIL_DOMAINS.pick(this.rng)}`;
  }

  /** Old plates ABC123 until 2016, Mercosur AB123CD since; letters advance with the year. */
  private dominio(anio: number): string {
    const rng = this.rng;
    if (anio >= 2016) {
      const second = LETTERS[Math.min(25, Math.max(0, anio - 2016 + rng.int(0, 1)))]!;
      return `A${second}${rng.digits(3)}${rng.letters(2)}`;
    }
    const first = LETTERS[Math.min(15, Math.max(0, Math.floor((anio - 1995) * 0.8) + rng.int(0, 1)))]!;
    return `${first}${rng.letters(2)}${rng.digits(3)}`;
  }

  /** Argentina's fleet is old: about nine years on average, some well over twenty. */
  private anio(caseYear: number): number {
    const age = Math.min(30, Math.floor(-Math.log(1 - this.rng.next()) * 9));
    return Math.max(1995, caseYear - age);
  }

  private persona(withExtras: boolean, caseYear: number): DemoPersona {
    const rng = this.rng;
    const female = rng.chance(0.45);
    const apellido = APELLIDOS.pick(rng);
    const nombre = this.nombre(female);
    const tipo = this.otherTipos.length > 0 && rng.chance(0.04) ? rng.pick(this.otherTipos) : this.tipoDni;
    const nroDoc = this.dni();
    const ciudad = this.ciudad();
    const anio = this.anio(caseYear);
    return {
      apellido,
      nombre,
      id_tipo_doc: tipo,
      nro_doc: nroDoc,
      cuit: withExtras || rng.chance(0.6) ? cuilFor(nroDoc, female) : null,
      domicilio: this.domicilio(ciudad),
      codigo_postal: ciudad.cp,
      fijo: rng.chance(0.3) ? this.phone(ciudad.area, false) : null,
      cel: this.phone(ciudad.area, true),
      cbu: withExtras && rng.chance(0.5) ? cbu(rng) : null,
      marca_modelo: VEHICULOS.pick(rng),
      anio,
      dominio: this.dominio(anio),
      mail: !withExtras && rng.chance(0.3) ? 'S/D' : this.mail(nombre, apellido),
    };
  }

  /**
   * The day an open case reached its status: a working office moves its cases along, so most
   * moved within weeks (exponential, mean 20 days; 8 in the agreement statuses 5-7, whose legal
   * clock is 15 days), never before F Alta. `u` is the case's uniform draw, so the random sequence
   * (and every other row of a seed) stays as it was.
   */
  private openEstadoDay(idEstado: number, creado: number, u: number): number {
    const mean = idEstado >= 5 && idEstado <= 7 ? 8 : 20;
    return Math.max(creado, this.untilDay - Math.floor(-Math.log(1 - u) * mean));
  }

  /** `day`, or when it falls after `until` a day between `from` and `until` (no pile-up on the last day). */
  private notAfterUntil(from: number, day: number): number {
    return day <= this.untilDay ? day : from + Math.floor(this.rng.next() * (this.untilDay - from + 1));
  }

  // --- one case -------------------------------------------------------------------------------

  private caso(position: number, ids: DemoIds, batch: DemoBatch): void {
    const rng = this.rng;
    const { context } = this;
    const idCaso = ids.casos++;
    const idAsegurado = ids.asegurados++;
    const total = Math.max(1, this.options.totalCases);

    // Creation dates rise with the id, as in a real office; the newest case is `until`.
    const creado = this.untilDay - SPAN_DAYS + Math.floor(((position + rng.next()) / total) * SPAN_DAYS);
    const age = this.untilDay - creado;
    const siniestro = creado - Math.floor(rng.next() * rng.next() * 45);
    const denuncia = siniestro + Math.floor(rng.next() * (creado - siniestro + 1));
    const closed = rng.chance(0.55 * Math.min(1, age / 1200));
    const idEstado = closed ? CERRADO_ESTADOS.pick(rng) : VIGENTE_ESTADOS.pick(rng);
    const idEstadoPrevio = closed ? VIGENTE_ESTADOS.pick(rng) : null;
    const cierre = closed ? this.notAfterUntil(creado, creado + rng.int(20, 500)) : null;
    const estadoDay = cierre ?? this.openEstadoDay(idEstado, creado, rng.next());
    const producto = this.productos.pick(rng);
    const analista = rng.chance(idEstado === 1 ? 0.6 : 0.92) ? rng.pick(context.analistas) : null;
    const usuario = rng.pick(STAFF_USERNAMES);
    const ciudad = this.ciudad();

    const caseYear = Number(isoDay(creado).slice(0, 4));
    const asegurado = this.persona(true, caseYear);
    const suma = rng.int(3_000_000, 45_000_000) * 100;
    batch.asegurados.add({
      id: idAsegurado,
      ...asegurado,
      poliza: `${rng.int(1, 9)}${rng.digits(7)}`,
      nro_chasis: rng.pick(VIN_WMI) + rng.letters(14, VIN_ALPHABET),
      nro_motor: rng.letters(3) + rng.digits(6),
      suma_asegurada: money(suma),
      accesorios: rng.chance(0.15) ? rng.pick(ACCESORIOS) : null,
      otros: null,
      detalle: null,
    });

    const terceroCount = TERCEROS_COUNT.pick(rng);
    const terceros: DemoPersona[] = [];
    for (let i = 0; i < terceroCount; i++) terceros.push(this.persona(false, caseYear));

    const hasLetrado = terceroCount > 0 && rng.chance(0.15);
    const idLetrado = hasLetrado ? ids.letrados++ : null;
    terceros.forEach((tercero, i) => {
      batch.terceros.add({
        id: ids.terceros++,
        ...tercero,
        id_caso: idCaso,
        orden: i + 1,
        detalle: rng.chance(0.2) ? `Conductor del ${tercero.marca_modelo}; ${rng.pick(ACCIONES)}.` : null,
        id_letrado: i === 0 ? idLetrado : null,
      });
    });

    const offered = (!closed && idEstado >= 4) || (closed && CLOSED_WITH_OFFER.has(idEstado));
    const inspected = (closed ? rng.chance(0.6) : idEstado >= 3 && rng.chance(0.85)) || (idEstado === 2 && rng.chance(0.5));
    const monto = rng.int(60_000, 3_500_000) * 100 + rng.int(0, 99);
    const ofertado = offered ? Math.round(monto * (0.7 + rng.next() * 0.5)) : null;
    const acordado =
      ofertado !== null && (idEstado === 17 || idEstado === 8 || idEstado >= 5) ? Math.round(ofertado * (0.9 + rng.next() * 0.1)) : null;

    const flags = {} as Record<FlagKey, boolean>;
    for (const flag of FLAGS) flags[flag.key] = rng.chance(FLAG_RATES[flag.key]);
    if (!closed && idEstado === 1) flags.docu ||= rng.chance(0.25);
    if (!closed && idEstado === 4) flags.negocia ||= rng.chance(0.3);
    if (!closed && idEstado >= 5) flags.acordado ||= rng.chance(0.4);
    if (!closed && idEstado === 7) flags.cierre ||= rng.chance(0.5);
    if (idEstado === 18) flags.halla = true;
    const lesionadoCount = producto.nombre === 'Lesiones' ? rng.int(1, 3) : rng.chance(0.03) ? 1 : 0;
    if (lesionadoCount > 0) flags.lesiones ||= rng.chance(0.7);

    const reclamo = String(1_000_000_000 + ((idCaso * 104_729 + this.options.seed * 7_919) % 8_000_000_000));
    const idCompania = this.companias.pick(rng);
    batch.casos.add({
      id: idCaso,
      id_compania: idCompania,
      reclamo_nro: reclamo,
      gestor: `${this.nombre(rng.chance(0.5))} ${APELLIDOS.pick(rng)}`,
      fecha_creado: isoDay(creado),
      fecha_siniestro: isoDay(siniestro),
      hora_siniestro: `${two(rng.int(6, 23))}:${two(rng.int(0, 59))}:00`,
      fecha_denuncia: isoDay(denuncia),
      lugar_siniestro: rng.chance(0.1)
        ? `Ruta Nacional ${rng.pick([2, 3, 5, 7, 8, 9, 14, 22, 40])} km ${rng.int(1, 900)}`
        : `${rng.pick(CALLES)} y ${rng.pick(CALLES)}, ${ciudad.nombre === 'CABA' ? 'CABA' : `${ciudad.nombre}, ${ciudad.provincia}`}`,
      declaracion_asegurado: `Circulaba con mi ${asegurado.marca_modelo} por ${rng.pick(CALLES)} cuando el tercero ${rng.pick(ACCIONES)}.`,
      usuario,
      id_estado: idEstado,
      id_estado_previo: idEstadoPrevio,
      fecha_estado: isoDay(estadoDay),
      id_letrado: idLetrado,
      id_asegurado: idAsegurado,
      presupuesto: idEstado >= 3 ? money(Math.round(monto * (1 + rng.next() * 0.3))) : null,
      cotizacion: inspected && idEstado >= 3 ? money(monto) : null,
      id_responsabilidad: offered ? rng.pick(context.responsabilidades) : null,
      analisis: offered
        ? rng.pick([
            'Responsabilidad clara del tercero según croquis y fotos.',
            'Versiones contradictorias; se ofrece el 50%.',
            'Daños acreditados con presupuesto y fotos.',
            'Se ajusta la oferta al valor de la inspección.',
          ])
        : null,
      valor_acordado: acordado === null ? null : money(acordado),
      ampliacion: flags.amp ? 'Se amplía la denuncia con nuevos daños informados por el asegurado.' : null,
      valor_ofertado: ofertado === null ? null : money(ofertado),
      id_producto: producto.id,
      id_analista: analista?.id ?? null,
      via_ingreso: VIAS.pick(rng),
      fecha_cierre: cierre === null ? null : isoDay(cierre),
      completa_doc: idEstado >= 2,
      ...casoSearchColumns({ reclamo_nro: reclamo, asegurado, terceros }),
      ...flags,
    });

    if (idLetrado !== null) {
      const female = rng.chance(0.5);
      const apellido = APELLIDOS.pick(rng);
      const dni = String(rng.int(14_000_000, 38_000_000));
      batch.letrados.add({
        id: idLetrado,
        id_caso: idCaso,
        apellido,
        nombre: this.nombre(female),
        fijo: this.phone(ciudad.area, false),
        cel: this.phone(ciudad.area, true),
        mail: `estudio.${this.mail('x', apellido).split('.').slice(1).join('.')}`,
        cuit: cuilFor(dni, female),
        cbu: cbu(rng),
      });
    }

    for (let i = 0; i < lesionadoCount; i++) {
      const female = rng.chance(0.5);
      batch.lesionados.add({
        id: ids.lesionados++,
        id_caso: idCaso,
        apellido: APELLIDOS.pick(rng),
        nombre: this.nombre(female),
        id_tipo_doc: this.tipoDni,
        nro_doc: this.dni(),
      });
    }

    const audiencias = idEstado === 12 ? rng.int(1, 3) : lesionadoCount > 0 && rng.chance(0.3) ? rng.int(1, 2) : rng.chance(0.04) ? 1 : 0;
    // An open case's hearings run up to its next one, from ten days ago to three weeks ahead of
    // `until` (the agenda of the coming days); a closed case's happened after its F Alta.
    const firstHearing = creado + rng.int(30, 120);
    let hearingDay = closed
      ? firstHearing
      : Math.max(creado + 7, this.untilDay - (audiencias - 1) * 40 + Math.floor(caseUnit(idCaso, 1) * 32) - 10);
    for (let i = 0; i < audiencias; i++) {
      batch.audiencias.add({
        id: ids.audiencias++,
        id_caso: idCaso,
        fecha: isoDay(Math.min(this.untilDay, hearingDay - rng.int(10, 25))),
        fechah: isoDay(hearingDay),
        hora: `${two(rng.int(9, 17))}:${rng.pick(['00', '30'])}:00`,
        lugar: `${rng.pick(CENTROS_MEDIACION)}, ${this.domicilio(ciudad)}`,
        mediacion_nro: rng.chance(0.85) ? `${rng.int(10_000, 999_999)}/${isoDay(hearingDay).slice(0, 4)}` : null,
        id_compania: idCompania,
      });
      hearingDay += rng.int(20, 60);
    }

    // History, oldest first: 'Alta caso' and what happened since.
    const history: [number, string][] = [[creado, CASO_MESSAGES.alta]];
    if (rng.chance(0.3)) history.push([creado + rng.int(0, 5), DOCUMENTACION_MESSAGES.history]);
    if (analista && rng.chance(0.25))
      history.push([creado + rng.int(0, 10), CASO_MESSAGES.history.analistaAssigned(analista.apellido, analista.nombre)]);

    if (inspected) {
      const finalizada = idEstado >= 3;
      // A pending inspection may be scheduled ahead; a finished one happened by `until`.
      const scheduled = creado + rng.int(5, 40);
      // A pending one is on the coming days' agenda (a week back to two ahead), a quarter of them late (8-25 days).
      const pendiente = caseUnit(idCaso, 2) < 0.25 ? -8 - Math.floor(caseUnit(idCaso, 3) * 18) : Math.floor(caseUnit(idCaso, 3) * 21) - 6;
      const inspeccionDay = finalizada ? this.notAfterUntil(creado, scheduled) : Math.max(creado + 2, this.untilDay + pendiente);
      const address = rng.chance(0.7) ? asegurado.domicilio : `${rng.pick(TALLERES)}, ${this.domicilio(ciudad)}`;
      batch.inspecciones.add({
        id: ids.inspecciones++,
        id_caso: idCaso,
        id_inspector: rng.pick(context.inspectores),
        fecha_inspeccion: isoDay(inspeccionDay),
        direccion: address.slice(0, 400),
        detalle: `Coordinar con ${terceros[0] ? `${terceros[0].nombre} ${terceros[0].apellido}` : `${asegurado.nombre} ${asegurado.apellido}`} al ${terceros[0]?.cel ?? asegurado.cel}.`,
        resultado: finalizada ? rng.pick(RESULTADOS) : null,
        monto_inspeccion: finalizada ? money(monto) : null,
        fecha_cierre: finalizada ? isoDay(Math.min(this.untilDay, inspeccionDay + rng.int(0, 7))) : null,
        estado: finalizada ? INSPECCION_ESTADOS.FINALIZADA : INSPECCION_ESTADOS.COORDINADA,
        id_producto: producto.id,
      });
      if (!finalizada || rng.chance(0.4)) history.push([inspeccionDay - 2, INSPECCION_MESSAGES.scheduled]);
      if (finalizada) history.push([inspeccionDay, INSPECCION_MESSAGES.closeHistory]);
    }
    if (lesionadoCount > 0 && rng.chance(0.5)) history.push([creado + rng.int(1, 20), LESIONADO_MESSAGES.history]);
    if (hasLetrado && rng.chance(0.5)) history.push([creado + rng.int(1, 30), LETRADO_MESSAGES.created]);
    if (audiencias > 0) history.push([creado + rng.int(20, 40), AUDIENCIA_MESSAGES.historyCreated]);
    if (offered) history.push([creado + rng.int(30, 90), ANALISIS_MESSAGES.history]);
    if (closed) {
      history.push([cierre!, CICLO_MESSAGES.history.closed(context.estados.get(idEstado) ?? String(idEstado))]);
    } else if (idEstado > 1) {
      history.push([estadoDay, CICLO_MESSAGES.history.advanced(context.estados.get(idEstado) ?? String(idEstado))]);
    }
    history.sort((a, b) => a[0] - b[0]);
    let lastSeconds = 0;
    for (const [day, msg] of history) {
      const clamped = Math.min(this.untilDay, Math.max(creado, day));
      // Office hours, Argentina (UTC-3); strictly increasing within the case.
      const seconds = Math.max(lastSeconds + 60, clamped * 86_400 + rng.int(9 * 3600, 18 * 3600));
      lastSeconds = seconds;
      const date = new Date(seconds * 1000).toISOString();
      batch.historial.add({
        id: ids.historial++,
        id_caso: idCaso,
        usuario: msg === CASO_MESSAGES.alta ? usuario : rng.pick(STAFF_USERNAMES),
        msg,
        fecha: `${date.slice(0, 10)} ${date.slice(11, 19)}-03`,
      });
    }
  }
}
