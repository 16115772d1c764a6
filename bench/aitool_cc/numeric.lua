-- The Lua workload of bench/aitool_cc_project.sh: numeric work in the
-- interpreter, about a second: the spectral norm of a 850 x 850 matrix
-- (floating point, a call per element) and a sieve of Eratosthenes (integer
-- work on a table).  It prints the same bytes on every run.

local function a(i, j)
  local ij = i + j - 1
  return 1.0 / (ij * (ij - 1) * 0.5 + i)
end

local function times(x, y, n, transposed)
  for i = 1, n do
    local s = 0
    for j = 1, n do
      if transposed then s = s + x[j] * a(j, i) else s = s + x[j] * a(i, j) end
    end
    y[i] = s
  end
end

local function spectral(n)
  local u, v, t = {}, {}, {}
  for i = 1, n do u[i] = 1 end
  for _ = 1, 10 do
    times(u, t, n, false); times(t, v, n, true)
    times(v, t, n, false); times(t, u, n, true)
  end
  local vbv, vv = 0, 0
  for i = 1, n do
    vbv = vbv + u[i] * v[i]
    vv = vv + v[i] * v[i]
  end
  return math.sqrt(vbv / vv)
end

local function sieve(n)
  local composite, count = {}, 0
  for i = 2, n do
    if not composite[i] then
      count = count + 1
      for k = i * i, n, i do composite[k] = true end
    end
  end
  return count
end

print(string.format("spectral norm %.9f", spectral(850)))
print(string.format("primes below 2000000: %d", sieve(2000000)))
