/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GPU energy for the kernel table's watts (the autotuner's energy-delay and power-delay metrics):
 * NVML's cumulative energy counter (millijoules since the driver loaded; Volta and later),
 * read before and after a timed run. NVML is opened at run time (dlopen of the driver's
 * libnvidia-ml.so.1): paralia builds and runs without it, and then simply has no watts.
 * Devices are matched by PCI bus id, because NVML and CUDA may number GPUs differently.
 */
#include "config.h"
#include "perfmodel/perfmodel.h"
#include <math.h>
#include <pthread.h>
#ifdef PARALIA_USE_CUDA
#include <cuda_runtime.h>
#include <dlfcn.h>

/* The few NVML entry points used, by their stable C ABI (nvml.h is not part of every toolkit
 * install): functions return 0 (NVML_SUCCESS) on success; devices are opaque pointers. */
typedef int (*nvml_void_fn)(void);
typedef int (*nvml_by_bus_fn)(const char *bus_id, void **device);
typedef int (*nvml_energy_fn)(void *device, unsigned long long *millijoules);

static struct {
	pthread_once_t once;
	int ok;
	nvml_by_bus_fn by_bus;
	nvml_energy_fn energy;
} nvml = { .once = PTHREAD_ONCE_INIT };

static void nvml_open(void)
{
	void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
	if (!lib)
		return;
	nvml_void_fn init = (nvml_void_fn)dlsym(lib, "nvmlInit_v2");
	nvml.by_bus = (nvml_by_bus_fn)dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2");
	nvml.energy = (nvml_energy_fn)dlsym(lib, "nvmlDeviceGetTotalEnergyConsumption");
	/* Left initialised until exit: nvmlShutdown is reference counted and cheap to skip. */
	nvml.ok = init && nvml.by_bus && nvml.energy && init() == 0;
}

double pm_gpu_energy_mj(int cuda_device)
{
	pthread_once(&nvml.once, nvml_open);
	if (!nvml.ok)
		return NAN;
	char bus[64];
	if (cudaDeviceGetPCIBusId(bus, (int)sizeof bus, cuda_device) != cudaSuccess) {
		cudaGetLastError();
		return NAN;
	}
	void *dev = NULL;
	unsigned long long mj = 0;
	if (nvml.by_bus(bus, &dev) != 0 || nvml.energy(dev, &mj) != 0)
		return NAN;
	return (double)mj;
}
#else
double pm_gpu_energy_mj(int cuda_device)
{
	(void)cuda_device;
	return NAN;
}
#endif
