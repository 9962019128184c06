/**
 * What the complaint screens share, in one module that each of them imports: the bundler then
 * makes one chunk of it rather than one per shared module, and each chunk's name is carried in the
 * first load of every route (the entry's preload map; docs/product/platform.md#rendering-and-speed).
 */
export { complaintParams } from './params'
export { problemInitQuery, selectedOrder, type ProblemInit } from './api/get-problem-init'
export { OrderPicker } from './components/order-picker'
export { loader as initLoader } from './complaint-start.data'
export { default as styles } from './complaints.module.css'
export { orderRefusal } from './order-rules'
