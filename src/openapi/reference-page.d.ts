/** reference-page.js, imported as its text to serve. */
declare const text: string;
export default text;
