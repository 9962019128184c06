// After `npm install`: when npm itself ran on an older Node than the project's, it printed an
// EBADENGINE warning for each package that wants Node 22 or 24. They are harmless: the project
// brings its own Node 24 (the `node` package) and every npm script runs on it
// (docs/decisions/0019-node-runtime.md). This says so in one line, and says nothing otherwise.
const agent = process.env.npm_config_user_agent ?? ''
const machineNode = /\bnode\/v(\d+)\.\d+\.\d+/.exec(agent)
const wanted = 24
if (machineNode && Number(machineNode[1]) < wanted) {
  console.log(
    `The EBADENGINE warnings above are harmless: npm ran on this machine's Node v${agent.match(/node\/v([\d.]+)/)[1]}, ` +
      `while the project runs on its own Node ${process.versions.node.startsWith(`${wanted}.`) ? process.version : wanted}, installed now in node_modules; npm start and npm test use it.`,
  )
}
