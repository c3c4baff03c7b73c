// Starts @platformatic/gateway on this directory's platformatic.json (PORT, HELLO_ORIGIN and OTHER_ORIGIN from the
// environment) and prints its URL. REFERENCE_MODULES names the node_modules folder bench/gateway.sh installed it into.
//
// Run standalone, the gateway process dies of an unhandled UND_ERR_ABORTED from @fastify/reply-from as soon as a
// client closes a connection with a proxied request in flight, which wrk does at the end of every run; its runtime
// would restart it. Here those errors are counted instead (printed at exit), and any other one still ends the process.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

let aborted = 0
process.on('uncaughtException', (error) => {
  if (error?.code !== 'UND_ERR_ABORTED') {
    console.error(error)
    process.exit(1)
  }
  aborted++
})
process.on('SIGTERM', () => {
  console.log(`requests aborted by clients: ${aborted}`)
  process.exit(0)
})

const { create } = await import(pathToFileURL(join(process.env.REFERENCE_MODULES, '@platformatic/gateway/index.js')))
const app = await create(import.meta.dirname)
await app.init()
const url = await app.start({ listen: true })
console.log(`reference listening at ${url}`)
