#!/usr/bin/env python3
# Independent check of src/referee/rating.rs (its unit tests hold this output):
# the Zermelo / Hunter MM iteration for the Bradley-Terry model, draws as half
# points, optional virtual draws per pairing, Elo = 400 log10(gamma) centred on
# a zero mean; 95% margins from a numeric Hessian of the log-likelihood in the
# reduced parametrisation r3 = -r1 - r2. Run: python3 tests/scripts/bradley_terry_mm.py
import math
enc = [(0, 1, 20, 13.0), (0, 2, 20, 16.0), (1, 2, 30, 14.0)]
def run(prior):
    e = [(a, b, n + prior, s + prior / 2) for a, b, n, s in enc]
    n = 3
    g = [1.0] * n
    for _ in range(100000):
        new = []
        for i in range(n):
            w = sum(s if a == i else (m - s) for a, b, m, s in e if i in (a, b))
            d = sum(m / (g[a] + g[b]) for a, b, m, s in e if i in (a, b))
            new.append(w / d)
        gm = math.exp(sum(math.log(x) for x in new) / n)
        g = [x / gm for x in new]
    elo = [400 * math.log10(x) for x in g]
    def ll(r1, r2):
        r = [r1, r2, -r1 - r2]
        t = 0
        for a, b, m, s in e:
            p = 1 / (1 + 10 ** ((r[b] - r[a]) / 400))
            t += s * math.log(p) + (m - s) * math.log(1 - p)
        return t
    h = 1e-2
    x = (elo[0], elo[1])
    def d2(i, j):
        def f(di, dj):
            v = list(x); v[i] += di; v[j] += dj
            return ll(*v)
        return (f(h, h) - f(h, -h) - f(-h, h) + f(-h, -h)) / (4 * h * h)
    F = [[-d2(0, 0), -d2(0, 1)], [-d2(1, 0), -d2(1, 1)]]
    det = F[0][0] * F[1][1] - F[0][1] * F[1][0]
    C = [[F[1][1] / det, -F[0][1] / det], [-F[1][0] / det, F[0][0] / det]]
    var = [C[0][0], C[1][1], C[0][0] + C[1][1] + 2 * C[0][1]]
    margin = [1.959963984540054 * math.sqrt(v) for v in var]
    print("prior", prior, "elo", ["%.4f" % v for v in elo], "margin", ["%.4f" % v for v in margin])
run(0.0)
run(1.0)
