/** Types for cytoscape-fcose, which ships none: the extension registers the `fcose` layout. */
declare module 'cytoscape-fcose' {
  import type { Ext } from 'cytoscape';
  const fcose: Ext;
  export default fcose;
}
