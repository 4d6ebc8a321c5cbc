// What boot.js hands main.js on `window` (a classic script and a module share nothing else):
// the reading worker started for a link, the sample's view on its way, and main.js's mark that
// it has started without them. Read by `tsc -p tsconfig.json` (make lint) only.
interface Window {
  pdnMain?: boolean;
  pdnWorker?: Worker;
  pdnSample?: Promise<unknown>;
}
