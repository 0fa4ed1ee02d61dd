// Loaded into electronegativity (node --import): its only network use is fetching updated
// translations with `got`, which spends ~10 s timing out offline and then crashes on Node 24
// (p-cancelable: "onCancel handler was attached after the promise settled"). The bundled
// English texts are what we want, so the lookup fails at once instead.
import Module from 'node:module';

const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === 'got') return () => Promise.reject(new Error('offline: translations are bundled'));
  return load.call(this, request, ...rest);
};
