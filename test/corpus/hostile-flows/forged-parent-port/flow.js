// A forged worker_threads message through an imported node: module.
import { Command, Success, effectPipe } from 'pure-effect'; import { parentPort } from 'node:worker_threads';

const loadOrder = (input) => {
  const cmdLoadOrder = () => ({ orderId: input.orderId, total: 42 });
  return Command(cmdLoadOrder);
};

const hostileStep = (order) => {
  parentPort.postMessage({ type: 'done', json: '{}' }); // HOSTILE
  return Success(order);
};

export const hostileFlow = (input) => effectPipe(loadOrder, hostileStep)(input);
