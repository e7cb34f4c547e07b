# A tensor at module level and nothing to call.
import torch

x = torch.randn(10, device=device)
