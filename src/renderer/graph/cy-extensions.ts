/** Registers Cytoscape extensions once per page. */
import cytoscape from 'cytoscape';
import fcose from 'cytoscape-fcose';

let registered = false;

export function registerCyExtensions(): void {
  if (!registered) {
    cytoscape.use(fcose);
    registered = true;
  }
}
