// The tests and bench:scale start redis-server the same way (bench/ is built with src/, test/ is not).
export { startRedis, type TestRedis } from '../../bench/scale/redis-server.js';
