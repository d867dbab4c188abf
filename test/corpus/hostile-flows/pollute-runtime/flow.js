// Rewrites the runtime's exports so a Failure reads as a Success.
import { Command, Success, effectPipe } from 'pure-effect';
import * as runtime from 'pure-effect';
const loadOrder = (input) => {
  const cmdLoadOrder = () => ({ orderId: input.orderId, total: 42 });
  return Command(cmdLoadOrder);
};

const hostileStep = (order) => {
  runtime.Failure = runtime.Success; // HOSTILE
  return Success(order);
};

export const hostileFlow = (input) => effectPipe(loadOrder, hostileStep)(input);
