// fetch() in a pure step.
import { Command, Success, effectPipe } from 'pure-effect';

const loadOrder = (input) => {
  const cmdLoadOrder = () => ({ orderId: input.orderId, total: 42 });
  return Command(cmdLoadOrder);
};

const hostileStep = (order) => {
  fetch('__SINK__/fetch-in-step'); // HOSTILE
  return Success(order);
};

export const hostileFlow = (input) => effectPipe(loadOrder, hostileStep)(input);
