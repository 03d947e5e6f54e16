// The widget's build without its workers inlined, which Vite emits as files loaded when solving.
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/es-419';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';

// The algorithms the default build bundles.
for (const hash of ['SHA-256', 'SHA-384', 'SHA-512']) {
  $altcha.algorithms.set(`PBKDF2/${hash}`, () => new Pbkdf2Worker());
  $altcha.algorithms.set(hash, () => new ShaWorker());
}
