import re,sys,math,collections
t=collections.defaultdict(dict)
for l in open(sys.argv[1]):
    m=re.match(r'# (\w+) (\S+) call (\d+): ([\d.]+) ms',l)
    if m: t[(m.group(2))].setdefault(m.group(1),{})[int(m.group(3))]=float(m.group(4))
print("| point | paralia ms (median) | one cuBLAS call | cuBLASXt | paralia / cuBLAS, geometric mean of the calls' ratios (min-max) | paralia / cuBLASXt |")
print("|---|---|---|---|---|---|")
allr=[]
for p,d in t.items():
    P,C,X=d['paralia'],d['cublas'],d['cublasxt']
    n=sorted(set(P)&set(C)&set(X))
    rc=[C[i]/P[i] for i in n]; rx=[X[i]/P[i] for i in n]
    g=lambda r: math.exp(sum(map(math.log,r))/len(r))
    med=lambda v: sorted(v)[len(v)//2] if len(v)%2 else sum(sorted(v)[len(v)//2-1:len(v)//2+1])/2
    allr.append(g(rc))
    print("| %s | %.2f | %.2f | %.2f | %.3f (%.3f-%.3f) | %.3f |"%(p.replace(':',' '),med(list(P.values())),med(list(C.values())),med(list(X.values())),g(rc),min(rc),max(rc),g(rx)))
print("points:",len(allr),"min %.3f max %.3f"%(min(allr),max(allr)), ">=0.97:",sum(r>=0.97 for r in allr))
