/** A stylesheet imported with `?url`: webpack emits it as a hashed file and this is its address. */
declare module '*.css?url' {
  const url: string;
  export default url;
}
