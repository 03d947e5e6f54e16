import { failOnUnexpectedLoggedErrors } from './logged-errors';

failOnUnexpectedLoggedErrors();
