// exifr's smallest build (29 KB, JPEG's EXIF and a few tags): the package's types, under its file's name.
declare module 'exifr/dist/mini.esm.mjs' {
  import exifr from 'exifr';
  export default exifr;
}
