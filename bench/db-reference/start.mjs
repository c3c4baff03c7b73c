// Starts @platformatic/db on this directory's platformatic.json (PORT and DATABASE_URL from the environment) and
// prints its URL. REFERENCE_MODULES names the node_modules folder bench/db.sh installed it into.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const { create } = await import(pathToFileURL(join(process.env.REFERENCE_MODULES, '@platformatic/db/index.js')))
const app = await create(import.meta.dirname)
const url = await app.start({ listen: true })
console.log(`reference listening at ${url}`)
