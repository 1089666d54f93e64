// Placeholder until the first fit: all zero.
TrainedWeights {
    bias: 0,
    weights: [0; FEATURES],
}
