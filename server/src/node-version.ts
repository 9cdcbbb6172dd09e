/**
 * The oldest Node.js the server runs on. On Node 20 the process dies with a segmentation fault while
 * its modules load, with no word of why; this module is imported first so that it says why instead.
 */
export const NODE_MAJOR = 22;

const running = Number(process.versions.node.split('.')[0]);
if (running < NODE_MAJOR) {
  process.stderr.write(`Grab's server needs Node.js ${NODE_MAJOR} or newer; this is ${process.versions.node}. \`npm start\` fetches Node ${NODE_MAJOR} into ./.tools and runs the server with it.\n`);
  process.exit(1);
}
