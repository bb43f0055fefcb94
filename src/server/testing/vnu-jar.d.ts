// vnu-jar's main module (the package ships no types): the path of the W3C Nu HTML checker's jar, as a String object.
declare module 'vnu-jar' {
  const vnuJarPath: { toString(): string };
  export default vnuJarPath;
}
