// Setup file of the server's test projects: on PostgreSQL, this worker's own database (worker-database.ts).
import { useWorkerDatabase } from './worker-database.js'

await useWorkerDatabase()
