/// <reference types="vite/client" />
declare module 'altcha/i18n/es-419';
