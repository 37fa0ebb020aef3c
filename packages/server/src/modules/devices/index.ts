// The public face of the devices module: nothing yet (no other module uses it).

export {};
